import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { useMicrosoftAccount } from '../../hooks/use-microsoft-account.ts';
import { MicrosoftSignInCard } from '../microsoft/microsoft-sign-in-card.tsx';
import { InfoPanel } from './info-panel.tsx';

const CAPABILITIES = [
  'Read your inbox and other mailboxes',
  'Reply, reply all and forward',
  'Write and send new email with attachments',
  'Search and filter by unread or attachments',
];

/** Outlook (spec 03 §2): what it does, and the Microsoft 365 connection it runs on. */
export function OutlookDetail({ entry }: { entry: TIntegrationCatalogueEntry }) {
  const account = useMicrosoftAccount();
  return (
    <div className="space-y-6">
      <InfoPanel title="What Outlook brings" items={CAPABILITIES} />
      <MicrosoftSignInCard entry={entry} />
      {account.connected && (
        <Alert tone="info">
          The mailbox view (Inbox, reading, replying and sending) arrives in a later release of Atempo.
        </Alert>
      )}
    </div>
  );
}
