import type { TSharePointStats } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../../lib/api-error.ts';
import { schedulerQuery, statsQuery } from '../../api/sharepoint-automation-api.ts';

const CONNECTION_LABELS: Record<TSharePointStats['connection_status'], string> = {
  connected: 'Connected',
  not_connected: 'Not connected',
  needs_reconnect: 'Needs reconnect',
};

/** SharePoint Statistics: Deal Folders, Recent Deals, Connection and Scheduler (spec 03 §2). */
export function StatsCard({ sessionId }: { sessionId: string | null }) {
  const stats = useQuery(statsQuery(sessionId));
  const scheduler = useQuery(schedulerQuery());
  return (
    <Card>
      <CardHeader as="h3" title="SharePoint Statistics" />
      <CardBody>
        {stats.isPending ? (
          <div className="flex justify-center py-4 text-indigo-600">
            <Spinner label="Loading the SharePoint statistics" />
          </div>
        ) : stats.isError ? (
          <p className="text-sm text-red-700">
            {errorMessage(stats.error, 'Could not load the SharePoint statistics')}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-4">
              <Stat label="Deal Folders" value={String(stats.data.total_deal_folders)} />
              <Stat label="Recent Deals" value={String(stats.data.recent_deals)} />
              <Stat label="Connection" value={CONNECTION_LABELS[stats.data.connection_status]} />
              <Stat
                label="Scheduler"
                value={scheduler.data ? (scheduler.data.is_running ? 'Running' : 'Stopped') : '–'}
              />
            </dl>
            <p className="mt-4 text-sm text-slate-500">
              {stats.data.sharepoint_docs} documents synced
              {stats.data.sites.length > 0 && ` from ${stats.data.sites.map((site) => site.name).join(', ')}`}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
