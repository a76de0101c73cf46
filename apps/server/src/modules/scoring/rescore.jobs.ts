import { randomUUID } from 'node:crypto';
import type { Database } from '@atempo/db';
import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import { countCompanies } from '../companies/index.ts';
import { countDeals } from '../deals/index.ts';
import { rescoreAllOrganizations, rescoreOrganization } from './rescore.service.ts';
import * as runs from './scoring-runs.repository.ts';

export const RESCORE_ORGANIZATION = 'rescore-organization';
export const RESCORE_ALL_ORGANIZATIONS = 'rescore-all-organizations';
/** Every day at 03:15 UTC, after midnight in every European time zone. */
export const DAILY_RESCORE_CRON = '15 3 * * *';

export interface RescoreOrganizationJob {
  organizationId: string;
}

export interface QueuedRescore {
  /** The job's id, which is also its scoring run's id. */
  runId: string;
  totalCompanies: number;
}

/**
 * Asks a worker to re-score the organisation (after a thesis change, or on request), recording a
 * scoring run under the job's id first, so its progress can be read from the moment it is queued.
 */
export async function queueRescore(
  db: Database,
  jobs: JobQueue,
  organizationId: string,
): Promise<QueuedRescore> {
  const runId = randomUUID();
  const totalCompanies = await countCompanies(db, organizationId);
  const totalDeals = await countDeals(db, organizationId);
  await runs.insertRun(db, { id: runId, organizationId, totalCompanies, totalDeals });
  try {
    await jobs.send(RESCORE_ORGANIZATION, { organizationId } satisfies RescoreOrganizationJob, { id: runId });
  } catch (error) {
    await runs.updateRun(db, runId, { state: 'failed', finishedAt: new Date() });
    throw error;
  }
  return { runId, totalCompanies };
}

function rescoreOrganizationJob(deps: JobDependencies): JobDefinition<RescoreOrganizationJob> {
  return {
    name: RESCORE_ORGANIZATION,
    expireInSeconds: 30 * 60,
    handler: async ({ organizationId }, { jobId, logger }) => {
      // A retry starts the counts again from zero.
      await runs.updateRun(deps.db, jobId, {
        state: 'running',
        startedAt: new Date(),
        scoredCompanies: 0,
        scoredDeals: 0,
      });
      try {
        const result = await rescoreOrganization(deps.db, organizationId, {
          onProgress: (done) =>
            runs.updateRun(deps.db, jobId, {
              scoredCompanies: done.companies.scored,
              scoredDeals: done.deals.scored,
            }),
        });
        await runs.updateRun(deps.db, jobId, {
          state: 'completed',
          // The totals were counted when queued; rows added or removed since are what was scored.
          totalCompanies: result.companies.scored,
          totalDeals: result.deals.scored,
          finishedAt: new Date(),
        });
        logger.info({ organizationId, ...result }, 'Organisation re-scored');
      } catch (error) {
        await runs.updateRun(deps.db, jobId, { state: 'failed', finishedAt: new Date() });
        throw error;
      }
    },
  };
}

function rescoreAllOrganizationsJob(deps: JobDependencies): JobDefinition {
  return {
    name: RESCORE_ALL_ORGANIZATIONS,
    cron: DAILY_RESCORE_CRON,
    expireInSeconds: 4 * 60 * 60,
    handler: async (_data, { logger }) => {
      const organizations = await rescoreAllOrganizations(deps.db);
      logger.info({ organizations }, 'Daily re-score done');
    },
  };
}

export function defineScoringJobs(jobs: JobQueue, deps: JobDependencies): void {
  jobs.define(rescoreOrganizationJob(deps));
  jobs.define(rescoreAllOrganizationsJob(deps));
}
