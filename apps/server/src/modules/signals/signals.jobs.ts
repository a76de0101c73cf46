import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import { organizationsToScan } from './scan-inputs.ts';
import { queueSignalScan, SCAN_WINDOW_DAYS } from './signal-scan.ts';

export const SCAN_ALL_ORGANIZATIONS = 'scan-market-signals';
/**
 * Every six hours (at 20 past): what changes without new articles — documents processed, companies
 * added or watched, a new thesis, a round whose scan could not be queued — reaches the signals
 * within hours, as funding news does (decision 033).
 */
export const SIGNAL_SCAN_CRON = '20 */6 * * *';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Queues a full scan (the market_signal_scan workflow) for every organisation with something to scan. */
export function scanAllOrganizationsJob(deps: JobDependencies, jobs: JobQueue): JobDefinition {
  return {
    name: SCAN_ALL_ORGANIZATIONS,
    cron: SIGNAL_SCAN_CRON,
    retryLimit: 1,
    handler: async (_data, { logger }) => {
      const since = new Date(Date.now() - SCAN_WINDOW_DAYS * DAY_MS);
      const ids = await organizationsToScan(deps.db, since);
      for (const organizationId of ids) await queueSignalScan({ db: deps.db, jobs }, organizationId);
      logger.info({ organizations: ids.length }, 'Signal scans queued');
    },
  };
}

export function defineSignalJobs(jobs: JobQueue, deps: JobDependencies): void {
  jobs.define(scanAllOrganizationsJob(deps, jobs));
}
