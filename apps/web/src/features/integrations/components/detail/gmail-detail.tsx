import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { GmailConnectionCard } from './gmail-connection-card.tsx';
import { InfoPanel } from './info-panel.tsx';

const CAPABILITIES = [
  'Read and send emails',
  'Labels and filters',
  'Search your mail',
  'Attachments',
  'Conversations',
];

/** Gmail (spec 03 §2): what it does, and the Gmail connection card. */
export function GmailDetail({ entry }: { entry: TIntegrationCatalogueEntry }) {
  return (
    <div className="space-y-6">
      <InfoPanel title="What Gmail brings" items={CAPABILITIES} />
      <GmailConnectionCard entry={entry} />
    </div>
  );
}
