import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { AffinityConnectCard } from './affinity-connect-card.tsx';
import { InfoPanel } from './info-panel.tsx';

const CAPABILITIES = [
  'Deal pipeline',
  'Company and contact relationships',
  'Investment portfolio data',
  'Meeting notes and interaction history',
  'Custom fields and tags',
];

/** Affinity (spec 03 §2): what it brings, and the Affinity CRM connect card. */
export function AffinityDetail({ entry }: { entry: TIntegrationCatalogueEntry }) {
  return (
    <div className="space-y-6">
      <InfoPanel title="What Affinity brings" items={CAPABILITIES} />
      <AffinityConnectCard entry={entry} />
    </div>
  );
}
