import type { AppContext, JobDependencies } from '../../platform/context.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import type { FeedFetcherDeps } from './feed-fetcher.ts';
import { fetchSource } from './feed-fetcher.ts';
import * as repository from './feed-sources.repository.ts';

export const FETCH_ALL_SOURCES = 'fetch-intelligence-sources';
export const FETCH_SOURCE = 'fetch-intelligence-source';
/** Every 30 minutes: funding news is worth hours, and feeds publish a few times an hour at most. */
export const FETCH_SOURCES_CRON = '*/30 * * * *';

export interface FetchSourceJob {
  sourceId: string;
}

/** Job dependencies with the ingest the composition root chose (announcements, then the signal scan). */
export type SourceJobDependencies = JobDependencies & Pick<AppContext, 'fundingIngest'>;

export function feedFetcherDeps(deps: SourceJobDependencies): FeedFetcherDeps {
  return {
    db: deps.db,
    allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks,
    ingest: deps.fundingIngest,
    logger: deps.logger,
  };
}

/** Queues one job per enabled source of every organisation, so a slow feed delays no other. */
function fetchAllSourcesJob(deps: SourceJobDependencies, jobs: JobQueue): JobDefinition {
  return {
    name: FETCH_ALL_SOURCES,
    cron: FETCH_SOURCES_CRON,
    retryLimit: 1,
    handler: async (_data, { logger }) => {
      const ids = await repository.listEnabledSourceIds(deps.db);
      for (const sourceId of ids) await jobs.send(FETCH_SOURCE, { sourceId } satisfies FetchSourceJob);
      logger.info({ sources: ids.length }, 'Feed fetches queued');
    },
  };
}

/**
 * Fetches one source. A feed's failure is recorded on the source, not thrown, so there is nothing
 * to retry: the next scheduled run tries again.
 */
function fetchSourceJob(deps: SourceJobDependencies): JobDefinition<FetchSourceJob> {
  return {
    name: FETCH_SOURCE,
    retryLimit: 0,
    // The fetch deadline (15 s) plus the ingest of up to 500 articles (the signal scan is queued).
    expireInSeconds: 5 * 60,
    handler: async ({ sourceId }, { logger }) => {
      const source = await repository.getSourceById(deps.db, sourceId);
      // Deleted or turned off since it was queued.
      if (!source?.enabled) return;
      await fetchSource({ ...feedFetcherDeps(deps), logger }, source);
    },
  };
}

export function defineSourceJobs(jobs: JobQueue, deps: SourceJobDependencies): void {
  jobs.define(fetchAllSourcesJob(deps, jobs));
  jobs.define(fetchSourceJob(deps));
}
