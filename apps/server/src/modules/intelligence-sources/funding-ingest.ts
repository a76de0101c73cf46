import type { TFundingArticle } from '@atempo/contracts';
import type { JobDependencies } from '../../platform/context.ts';
import { ingestArticles } from '../intelligence/funding-ingest.ts';
import { scanSignals } from '../signals/signal-scan.ts';

/**
 * Where fetched articles go: extraction, deduplication and storage of funding announcements
 * (the intelligence module), then the signal scan over the rounds they made. The fetcher is given
 * this function rather than importing them, so it can be tested on its own.
 */
export type FundingIngest = (
  organizationId: string,
  articles: TFundingArticle[],
  source: { id: string; name: string },
) => Promise<{ announcements: number }>;

/** The product's ingest: announcements from the articles, then signals and alerts from those. */
export function ingestIntoAnnouncements(
  deps: Pick<JobDependencies, 'db' | 'mailer' | 'config'>,
): FundingIngest {
  return async (organizationId, articles, source) => {
    const result = await ingestArticles(
      { db: deps.db, fxRates: deps.config.fxRates },
      organizationId,
      articles,
      { id: source.id },
    );
    if (result.announcement_ids.length > 0) {
      await scanSignals(deps, organizationId, { announcementIds: result.announcement_ids });
    }
    return { announcements: result.announcements };
  };
}
