import { ingestArticles } from './modules/funding-news/index.ts';
import { queueSignalScan } from './modules/signals/index.ts';
import type { JobDependencies } from './platform/context.ts';
import type { JobQueue } from './platform/jobs.ts';
import type { FundingIngest } from './platform/ports.ts';

/**
 * The product's ingest: announcements from the articles, then a queued signal scan over them. The
 * scan is a workflow of its own (derive, notify, email, Slack, each retried), so a mail server or
 * Slack being down neither fails the feed nor holds up the fetch.
 */
export function ingestIntoAnnouncements(
  deps: Pick<JobDependencies, 'db' | 'config' | 'logger'> & { jobs: JobQueue },
): FundingIngest {
  return async (organizationId, articles, source) => {
    const result = await ingestArticles(
      { db: deps.db, fxRates: deps.config.fxRates },
      organizationId,
      articles,
      { id: source.id },
    );
    if (result.announcement_ids.length > 0) {
      try {
        await queueSignalScan(deps, organizationId, { announcementIds: result.announcement_ids });
      } catch (error) {
        // The articles are stored and marked read: failing the feed now would promise a re-read
        // that cannot happen. The periodic full scan (signals.jobs.ts) derives these rounds instead.
        deps.logger.error(
          { err: error, sourceId: source.id, announcements: result.announcement_ids.length },
          'Could not queue the signal scan of ingested rounds; the periodic scan will cover them',
        );
      }
    }
    return { announcements: result.announcements };
  };
}
