import { ZFundingArticle } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { FxRates } from '@atempo/documents';
import { notifyAlerts } from '../modules/alerts/index.ts';
import { ingestArticles } from '../modules/funding-news/index.ts';
import { deriveAndStoreSignals } from '../modules/signals/index.ts';
import { DEMO_NEWS } from './demo-news.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface MarketOutcome {
  /** Funding announcements created (a round reported twice is one). */
  announcements: number;
  /** Market signals created by the scan. */
  signals: number;
  /** In-app notifications created for the watchlist's alerts. */
  notifications: number;
}

/**
 * Brings the demo organisation's market to life: the demo news goes through the ingest posted
 * articles take (POST /signals/funding-intelligence/process), then the scan that ingest queues
 * runs here, synchronously, since the seed has no job worker (as it scores companies on creation
 * rather than queueing a rescore). Only its derive and in-app notify steps run: emails and Slack
 * posts are the running server's to send, on its next scan. Articles already read are skipped by
 * URL and nothing new means no scan, so seeding again changes nothing.
 */
export async function seedDemoMarket(
  db: Database,
  organizationId: string,
  fxRates: FxRates,
  now: Date,
): Promise<MarketOutcome> {
  const articles = DEMO_NEWS.map(({ daysAgo, ...article }) =>
    ZFundingArticle.parse({
      ...article,
      published_at: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
    }),
  );
  const ingested = await ingestArticles({ db, fxRates, now: () => now }, organizationId, articles, null);
  if (ingested.announcement_ids.length === 0) return { announcements: 0, signals: 0, notifications: 0 };
  const scan = await deriveAndStoreSignals(db, organizationId, {
    announcementIds: ingested.announcement_ids,
    now,
  });
  const notifications = await notifyAlerts({ db }, organizationId, now);
  return { announcements: ingested.created, signals: scan.inserted, notifications };
}
