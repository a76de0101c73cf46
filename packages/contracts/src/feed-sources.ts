import { z } from 'zod';

/**
 * Funding-news feeds (issue #10 §1): the RSS and Atom feeds an organisation follows, the curated
 * list it may pick from, and the outcome of a fetch.
 */

export const MAX_SOURCE_URL_LENGTH = 2_000;
export const MAX_SOURCES_PER_ORGANIZATION = 100;

export const ZSourceUrl = z
  .string()
  .trim()
  .min(1, { message: 'Feed URL is required' })
  .max(MAX_SOURCE_URL_LENGTH, { message: `Feed URL must be at most ${MAX_SOURCE_URL_LENGTH} characters` })
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter an http:// or https:// feed URL' }))
  // Credentials in a feed URL would be stored and shown in clear; feeds worth following are public.
  .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), {
    message: 'A feed URL must not carry a user name or password',
  });

export const ZSourceName = z
  .string()
  .trim()
  .min(1, { message: 'Name is required' })
  .max(100, { message: 'Name must be at most 100 characters' });

export const FETCH_STATUSES = ['ok', 'not_modified', 'error'] as const;
export const ZFetchStatus = z.enum(FETCH_STATUSES);
export type TFetchStatus = z.infer<typeof ZFetchStatus>;

export const ZIntelligenceSource = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  /** Added from the curated list. */
  curated: z.boolean(),
  last_fetched_at: z.iso.datetime({ offset: true }).nullable(),
  last_status: ZFetchStatus.nullable(),
  last_error: z.string().nullable(),
  /** Items in the feed at the last run that read it (a 304 keeps the previous figures). */
  items_found: z.number().int().min(0),
  /** How many of those items were funding news. */
  announcements_found: z.number().int().min(0),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type TIntelligenceSource = z.infer<typeof ZIntelligenceSource>;

export const ZIntelligenceSourcesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SOURCES_PER_ORGANIZATION)
    .default(MAX_SOURCES_PER_ORGANIZATION),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type TIntelligenceSourcesQuery = z.infer<typeof ZIntelligenceSourcesQuery>;

export const ZIntelligenceSourcesResponse = z.object({
  sources: z.array(ZIntelligenceSource),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TIntelligenceSourcesResponse = z.infer<typeof ZIntelligenceSourcesResponse>;

export const ZCreateIntelligenceSourceRequest = z.object({
  url: ZSourceUrl,
  name: ZSourceName,
  /** Off unless asked: a feed is fetched on schedule only once an admin turns it on. */
  enabled: z.boolean().default(false),
});
export type TCreateIntelligenceSourceRequest = z.input<typeof ZCreateIntelligenceSourceRequest>;

export const ZUpdateIntelligenceSourceRequest = z
  .object({ url: ZSourceUrl, name: ZSourceName, enabled: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Give at least one of url, name, enabled' });
export type TUpdateIntelligenceSourceRequest = z.input<typeof ZUpdateIntelligenceSourceRequest>;

/** One feed of the curated list, and whether the organisation has added it. */
export const ZCuratedFeed = z.object({
  name: z.string(),
  url: z.string(),
  description: z.string(),
  region: z.string(),
  /** The organisation's source for this feed, when added. */
  source_id: z.uuid().nullable(),
});
export type TCuratedFeed = z.infer<typeof ZCuratedFeed>;

export const ZCuratedFeedsResponse = z.object({ feeds: z.array(ZCuratedFeed) });
export type TCuratedFeedsResponse = z.infer<typeof ZCuratedFeedsResponse>;

/** What one fetch found. */
export const ZSourceFetchRun = z.object({
  status: ZFetchStatus,
  /** The HTTP status of the last answer; null when none came (refused address, timeout). */
  http_status: z.number().int().nullable(),
  items_found: z.number().int().min(0),
  announcements_found: z.number().int().min(0),
  error: z.string().nullable(),
  duration_ms: z.number().int().min(0),
});
export type TSourceFetchRun = z.infer<typeof ZSourceFetchRun>;

export const ZSourceFetchResponse = z.object({ source: ZIntelligenceSource, run: ZSourceFetchRun });
export type TSourceFetchResponse = z.infer<typeof ZSourceFetchResponse>;
