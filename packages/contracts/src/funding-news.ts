import { z } from 'zod';
import { parseArticleDate } from './article-dates.ts';

/**
 * Funding news (spec 02 §3 funding announcement): funding rounds read from feeds, imports and
 * posted articles. Market signals derived from them are in signals.ts.
 */

/**
 * When an article was published, as its source writes it: an ISO 8601 date-time (with or without
 * an offset; none means UTC), a bare date, or an RFC 822 date as in RSS. Read into ISO 8601 UTC.
 */
const ZPublishedAt = z
  .string()
  .trim()
  .max(64)
  .transform((text, context) => {
    const date = parseArticleDate(text);
    if (date) return date.toISOString();
    context.addIssue({
      code: 'custom',
      message:
        'must be a date such as 2026-03-01, 2026-03-01T08:00:00Z or Sun, 01 Mar 2026 08:00:00 GMT, between 1990 and tomorrow',
    });
    return z.NEVER;
  });

/** One article as any source hands it over (POST /signals/funding-intelligence/process, feeds). */
export const ZFundingArticle = z.object({
  title: z.string().trim().min(1).max(500),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2_000)
    .optional(),
  summary: z.string().max(20_000).optional(),
  published_at: ZPublishedAt.optional(),
  source: z.string().trim().min(1).max(200),
});
export type TFundingArticle = z.infer<typeof ZFundingArticle>;

/** Funding stages an article is read into (spec: pre-seed … Series D+, growth, debt). */
export const FUNDING_STAGES = [
  'Pre-Seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Series D+',
  'Growth',
  'Debt',
] as const;
export const ZFundingStage = z.enum(FUNDING_STAGES);
export type TFundingStage = z.infer<typeof ZFundingStage>;

/** Research regions of spec 02 §9, plus Unknown (hidden on the signal card). */
export const FUNDING_REGIONS = ['UK', 'Europe', 'US', 'Asia', 'Other', 'Unknown'] as const;
export const ZFundingRegion = z.enum(FUNDING_REGIONS);

export const ZFundingSourceReport = z.object({
  name: z.string(),
  url: z.string().nullable(),
  published_at: z.iso.datetime({ offset: true }).nullable(),
});

/** GET /intelligence/funding-announcements item: the fields of spec 02 §3. */
export const ZFundingAnnouncement = z.object({
  id: z.uuid(),
  company_name: z.string(),
  company_id: z.uuid().nullable(),
  /** In `currency`; null when the source gave no amount. */
  amount_raised: z.number().nullable(),
  currency: z.string().nullable(),
  /** Converted at the configured rates (FX_RATES), for comparing rounds; null with no amount. */
  amount_eur: z.number().nullable(),
  stage: z.string().nullable(),
  confidence_score: z.number().min(0).max(1),
  region: z.string().nullable(),
  country: z.string().nullable(),
  sector: z.string().nullable(),
  source_name: z.string(),
  source_url: z.string().nullable(),
  /** Every source that reported this round. */
  sources: z.array(ZFundingSourceReport),
  announced_at: z.iso.datetime({ offset: true }),
  created_at: z.iso.datetime({ offset: true }),
  title: z.string(),
  extraction_metadata: z
    .object({ investors: z.array(z.string()), lead_investor: z.string().nullable() })
    .catchall(z.unknown()),
});
export type TFundingAnnouncement = z.infer<typeof ZFundingAnnouncement>;
