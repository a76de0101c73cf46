import type { TIntegrationCatalogueResponse } from '@atempo/contracts';
import { useState } from 'react';
import { useMicrosoftAccount } from '../hooks/use-microsoft-account.ts';
import { dismissWelcome, isWelcomeDismissed } from '../lib/welcome-guide.ts';
import { IntegrationGrid } from './integration-grid.tsx';
import { MicrosoftConnectedBanner } from './microsoft-connected-banner.tsx';
import { SetupCompleteCard } from './setup-complete-card.tsx';
import { SetupProgress } from './setup-progress.tsx';
import { WelcomeGuide } from './welcome-guide.tsx';

/** The list view: what is connected, how far setup has got, and every integration's card. */
export function IntegrationsOverview({ data }: { data: TIntegrationCatalogueResponse }) {
  const { progress, integrations } = data;
  const microsoft = useMicrosoftAccount();
  const [welcomeDismissed, setWelcomeDismissed] = useState(isWelcomeDismissed);
  const sharePointConnected = integrations.some(
    (entry) => entry.id === 'sharepoint' && entry.status === 'connected',
  );
  return (
    <div className="space-y-6">
      {sharePointConnected && <MicrosoftConnectedBanner email={microsoft.email} />}
      {progress.showWelcomeGuide && !welcomeDismissed && (
        <WelcomeGuide
          onDismiss={() => {
            dismissWelcome();
            setWelcomeDismissed(true);
          }}
        />
      )}
      {progress.setupComplete && <SetupCompleteCard />}
      <SetupProgress progress={progress} entries={integrations} />
      <IntegrationGrid entries={integrations} />
    </div>
  );
}
