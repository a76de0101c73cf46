import { Alert } from '../../../../components/ui/alert.tsx';
import { useAuth } from '../../../auth/index.ts';
import type { MicrosoftAccount } from '../../hooks/use-microsoft-account.ts';
import { ConnectionStatusCard } from './connection-status-card.tsx';
import { DealDiscoveryCard } from './deal-discovery-card.tsx';
import { DealFolderSettingsCard } from './deal-folder-settings-card.tsx';
import { IngestionCard } from './ingestion-card.tsx';
import { SchedulerCard } from './scheduler-card.tsx';
import { StatsCard } from './stats-card.tsx';
import { SyncCard } from './sync-card.tsx';

export const ADMIN_ONLY_NOTE =
  'An organisation admin runs the connection test, ingestion, the scheduler and the choice of deal folders.';

/**
 * AI Automation (spec 03 §2): the connection, statistics, the Basic Sync, deal discovery, ingestion
 * and its schedule, and where the deal folders live. Organisation-wide actions are an admin's;
 * members see them disabled.
 */
export function AutomationTab({ account }: { account: MicrosoftAccount }) {
  const { isAdmin } = useAuth();
  return (
    <div className="space-y-6">
      {!isAdmin && <Alert tone="info">{ADMIN_ONLY_NOTE}</Alert>}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ConnectionStatusCard account={account} isAdmin={isAdmin} />
        <StatsCard sessionId={account.sessionId} />
      </div>
      <SyncCard account={account} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <IngestionCard sessionId={account.sessionId} isAdmin={isAdmin} />
        <SchedulerCard isAdmin={isAdmin} />
      </div>
      <DealDiscoveryCard />
      <DealFolderSettingsCard account={account} isAdmin={isAdmin} />
    </div>
  );
}
