import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { Card } from '../../../../components/ui/card.tsx';
import { useMicrosoftAccount } from '../../hooks/use-microsoft-account.ts';
import { useMicrosoftSignIn } from '../../hooks/use-microsoft-sign-in.ts';
import { AutomationTab } from '../automation/automation-tab.tsx';
import { FileBrowser } from '../browse/file-browser.tsx';
import { MicrosoftConnectionCard } from '../microsoft/microsoft-connection-card.tsx';
import { NotAuthenticated } from './not-authenticated.tsx';

const TABS = [
  { value: 'browse', label: 'Browse Files' },
  { value: 'automation', label: 'AI Automation' },
] as const;

/** SharePoint (spec 03 §2): the Microsoft 365 connection, then Browse Files and AI Automation. */
export function SharePointDetail({ entry }: { entry: TIntegrationCatalogueEntry }) {
  const flow = useMicrosoftSignIn();
  const account = useMicrosoftAccount();
  return (
    <div className="space-y-6">
      <MicrosoftConnectionCard entry={entry} flow={flow} />
      <Card>
        <Tabs.Root defaultValue="browse">
          <Tabs.List
            aria-label="SharePoint"
            className="flex gap-1 overflow-x-auto border-b border-slate-200 px-4"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className="-mb-px rounded-t-md border-b-2 border-transparent px-3 py-3 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="px-4 py-5 sm:px-6">
            <Tabs.Content value="browse" className="focus:outline-none">
              {account.connected ? (
                <FileBrowser mode="sharepoint" sessionId={account.sessionId} />
              ) : (
                !account.isPending && <NotAuthenticated />
              )}
            </Tabs.Content>
            <Tabs.Content value="automation" className="focus:outline-none">
              <AutomationTab account={account} />
            </Tabs.Content>
          </div>
        </Tabs.Root>
      </Card>
    </div>
  );
}
