import type { TFundingArticle } from '@atempo/contracts';

/**
 * Where fetched articles go: extraction, deduplication and storage of funding announcements
 * (another module). The fetcher only reads feeds and hands their items over; it is given this
 * function rather than importing the extraction, so either side can be tested on its own.
 */
export type FundingIngest = (
  organizationId: string,
  articles: TFundingArticle[],
  source: { id: string; name: string },
) => Promise<{ announcements: number }>;

/** Until an extraction is wired in: the articles are read and counted, none become announcements. */
export const ingestNothing: FundingIngest = async () => ({ announcements: 0 });
