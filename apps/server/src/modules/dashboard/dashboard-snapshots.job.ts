import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { allOrganizationIds } from '../organizations/index.ts';
import { snapshotFigures } from './dashboard-stats.service.ts';

export const SNAPSHOT_DASHBOARD_FIGURES = 'snapshot-dashboard-figures';
/** Every day at 00:05 UTC: each organisation's figures as the day starts. */
export const DAILY_SNAPSHOT_CRON = '5 0 * * *';

/**
 * Keeps every organisation's dashboard figures for the day (metric_snapshots), so "from last month"
 * compares with what was true then. A day that already has its snapshot (the stats route records one
 * on the first visit) keeps it; a retry after a partial run fills in only the missing ones.
 */
export async function snapshotAllOrganizations(
  deps: Pick<JobDependencies, 'db'>,
  now = new Date(),
): Promise<{ organizations: number; recorded: number }> {
  let recorded = 0;
  const ids = await allOrganizationIds(deps.db);
  for (const organizationId of ids) {
    if ((await snapshotFigures(deps.db, organizationId, now)).recorded) recorded++;
  }
  return { organizations: ids.length, recorded };
}

export function dashboardSnapshotsJob(deps: JobDependencies): JobDefinition {
  return {
    name: SNAPSHOT_DASHBOARD_FIGURES,
    cron: DAILY_SNAPSHOT_CRON,
    expireInSeconds: 60 * 60,
    handler: async (_data, { logger }) => {
      const result = await snapshotAllOrganizations(deps);
      logger.info(result, 'Dashboard figures snapshotted');
    },
  };
}
