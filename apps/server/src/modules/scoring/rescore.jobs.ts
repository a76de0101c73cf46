import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import { rescoreAllOrganizations, rescoreOrganization } from './rescore.service.ts';

export const RESCORE_ORGANIZATION = 'rescore-organization';
export const RESCORE_ALL_ORGANIZATIONS = 'rescore-all-organizations';
/** Every day at 03:15 UTC, after midnight in every European time zone. */
export const DAILY_RESCORE_CRON = '15 3 * * *';

export interface RescoreOrganizationJob {
  organizationId: string;
}

/** Asks a worker to re-score the organisation (after a thesis change, or on request). */
export function queueRescore(jobs: JobQueue, organizationId: string): Promise<string | null> {
  return jobs.send(RESCORE_ORGANIZATION, { organizationId } satisfies RescoreOrganizationJob);
}

function rescoreOrganizationJob(deps: JobDependencies): JobDefinition<RescoreOrganizationJob> {
  return {
    name: RESCORE_ORGANIZATION,
    expireInSeconds: 30 * 60,
    handler: async ({ organizationId }, { logger }) => {
      const result = await rescoreOrganization(deps.db, organizationId);
      logger.info({ organizationId, ...result }, 'Organisation re-scored');
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
