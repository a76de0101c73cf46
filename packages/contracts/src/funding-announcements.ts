import { z } from 'zod';
import { ZPagination } from './common.ts';
import { ZFundingAnnouncement, ZFundingArticle } from './funding-news.ts';

/**
 * The funding-announcement endpoints (spec 02 §3, §7 Signals and funding, §9) and the display rules
 * the Live Funding Signals cards and the stats apply, kept here so the server and the web agree.
 */

/** Sectors an article is read into; keys follow the thesis's sector keys where they overlap. */
export const FUNDING_SECTORS = [
  'fintech',
  'insurtech',
  'healthtech',
  'biotech',
  'climate_tech',
  'proptech',
  'edtech',
  'mobility',
  'cybersecurity',
  'hrtech',
  'legaltech',
  'ecommerce',
  'marketplaces',
  'logistics',
  'foodtech',
  'defence',
  'gaming',
  'deeptech',
  'ai',
  'b2b_saas',
  'other',
] as const;
export type TFundingSector = (typeof FUNDING_SECTORS)[number];

/**
 * A funding sector key as people read it: 'climate_tech' → 'Climate Tech', 'b2b_saas' → 'B2B SaaS',
 * 'ai' → 'AI'. Signal texts on the server and the cards on the web read the same name.
 */
export function fundingSectorLabel(sector: string): string {
  const special: Record<string, string> = { ai: 'AI', b2b_saas: 'B2B SaaS', hrtech: 'HR Tech' };
  return (
    special[sector] ??
    sector
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** Spec 02 §9: the funding list reads 30 days, 50 per page. */
export const FUNDING_LIST_DEFAULT_DAYS = 30;
export const FUNDING_LIST_DEFAULT_LIMIT = 50;
export const FUNDING_LIST_MAX_LIMIT = 100;
/** A century: imported histories reach back decades (`from`/`to` browse any period). */
export const FUNDING_LIST_MAX_DAYS = 36_500;
/** Articles one call to /signals/funding-intelligence/process may carry. */
export const MAX_PROCESS_ARTICLES = 200;
/** A CSV import of rounds: at most 5 MB and 20,000 rows. */
export const MAX_FUNDING_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_FUNDING_IMPORT_ROWS = 20_000;

/** A calendar date YYYY-MM-DD that exists (2019-02-30 is refused). */
const ZCalendarDate = z.iso.date();

/** `from` and `to` (both days included) browse any period; `days` counts back from now. */
const ZFundingPeriod = z.object({
  days: z.coerce.number().int().min(1).max(FUNDING_LIST_MAX_DAYS).default(FUNDING_LIST_DEFAULT_DAYS),
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
});
const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const FROM_AFTER_TO = { message: 'from must be on or before to', path: ['from'] };

export const ZFundingAnnouncementsQuery = ZFundingPeriod.extend({
  limit: z.coerce.number().int().min(1).max(FUNDING_LIST_MAX_LIMIT).default(FUNDING_LIST_DEFAULT_LIMIT),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type TFundingAnnouncementsQuery = z.infer<typeof ZFundingAnnouncementsQuery>;

export const ZFundingAnnouncementsResponse = z.object({
  announcements: z.array(ZFundingAnnouncement),
  pagination: ZPagination,
});
export type TFundingAnnouncementsResponse = z.infer<typeof ZFundingAnnouncementsResponse>;

export const ZFundingStatsQuery = ZFundingPeriod.refine(fromNotAfterTo, FROM_AFTER_TO);

/** The /intelligence stats cards over the same period as the list. */
export const ZFundingStats = z.object({
  days: z.number().int(),
  /** Funding signals (announcements) in the period. */
  total_count: z.number().int().min(0),
  /** Sum of the rounds whose amount is known and that were reported as closed, in EUR at the configured rates. */
  total_raised_eur: z.number().min(0),
  /** Rounds whose amount is not in the data, left out of total_raised_eur. */
  amount_unknown_count: z.number().int().min(0),
  /** Rounds only reported as being raised (talks, rumours), left out of total_raised_eur. */
  rumoured_count: z.number().int().min(0),
  /** Rounds in a sector of the organisation's thesis. */
  thesis_sector_count: z.number().int().min(0),
  /** Rounds the priority rule of spec 02 §9 rates high. */
  high_priority_count: z.number().int().min(0),
});
export type TFundingStats = z.infer<typeof ZFundingStats>;

export const ZProcessFundingRequest = z.object({
  articles: z.array(ZFundingArticle).min(1).max(MAX_PROCESS_ARTICLES),
});
export type TProcessFundingRequest = z.infer<typeof ZProcessFundingRequest>;

/** Why an article was not kept. */
export const FUNDING_SKIP_REASONS = ['already_seen', 'not_funding_news', 'no_company_name'] as const;

export const ZFundingArticleOutcome = z.object({
  index: z.number().int().min(0),
  title: z.string(),
  url: z.string().nullable(),
  /** created: a new announcement; merged: another report of a round already known; skipped. */
  status: z.enum(['created', 'merged', 'skipped']),
  reason: z.enum(FUNDING_SKIP_REASONS).nullable(),
  /** The rule that kept the article out, in words, when skipped as not funding news. */
  detail: z.string().nullable(),
  announcement_id: z.uuid().nullable(),
});
export type TFundingArticleOutcome = z.infer<typeof ZFundingArticleOutcome>;

export const ZProcessFundingResponse = z.object({
  items: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  announcement_ids: z.array(z.uuid()),
  /** The signal scan over the rounds this call made (poll GET /agents/workflows/{id}/status); null when none. */
  scan_execution_id: z.uuid().nullable(),
  results: z.array(ZFundingArticleOutcome),
});
export type TProcessFundingResponse = z.infer<typeof ZProcessFundingResponse>;

export const ZFundingImportProblem = z.object({
  /** 1-based line of the file, the header being line 1. */
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});

export const ZFundingImportHeader = z.object({
  column: z.number().int(),
  header: z.string(),
  /** The field it was read as; null when not used. */
  field: z.string().nullable(),
  /** Why it was not used (unknown header, or a second column of a field already read). */
  note: z.string().nullable(),
});

export const ZFundingImportResult = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  /** Rows kept with the amount unknown (blank or unreadable amount cell). */
  amount_unknown: z.number().int(),
  /** The encoding the file was read in. */
  encoding: z.string(),
  /** Our field → the header it was read from. */
  columns: z.record(z.string(), z.string()),
  /** Every header of the file, in order, and what it became. */
  headers: z.array(ZFundingImportHeader),
  announcement_ids: z.array(z.uuid()),
  /** The signal scan over the rounds this call made (poll GET /agents/workflows/{id}/status); null when none. */
  scan_execution_id: z.uuid().nullable(),
  problems: z.array(ZFundingImportProblem),
});
export type TFundingImportResult = z.infer<typeof ZFundingImportResult>;

/** What an import would do, read without writing anything (the mapping preview). */
export const ZFundingImportPreview = z.object({
  rows: z.number().int(),
  encoding: z.string(),
  headers: z.array(ZFundingImportHeader),
  /** Rows that would be kept as rounds. */
  rounds: z.number().int(),
  /** Kept rows that are another report of a round earlier in the file (same company, stage, dates and amount close). */
  duplicates_in_file: z.number().int(),
  /** Rows that would be refused, each with its reason in problems. */
  refused: z.number().int(),
  amount_unknown: z.number().int(),
  /** The first rows as they would be stored. */
  sample: z.array(
    z.object({
      line: z.number().int(),
      company_name: z.string(),
      stage: z.string().nullable(),
      round_type: z.string().nullable(),
      amount_raised: z.number().nullable(),
      currency: z.string().nullable(),
      announced_at: z.string(),
      investors: z.array(z.string()),
    }),
  ),
  problems: z.array(ZFundingImportProblem),
});
export type TFundingImportPreview = z.infer<typeof ZFundingImportPreview>;

/* ---- Display rules of spec 02 §9, shared by the cards and the stats ---- */

export type TSignalPriority = 'high' | 'medium' | 'low';

/**
 * Signal priority (spec 02 §9): high if raised over 100M or confidence above 0.8; medium if over 20M
 * or above 0.6; else low. Amounts are in millions of the organisation's currency (EUR, decision 032);
 * an unknown amount counts on confidence alone.
 */
export function fundingPriority(amountMillions: number | null, confidence: number): TSignalPriority {
  const amount = amountMillions ?? 0;
  if (amount > 100 || confidence > 0.8) return 'high';
  if (amount > 20 || confidence > 0.6) return 'medium';
  return 'low';
}

/** Growth text (spec 02 §9), on the amount in millions; unknown amounts read as early stage. */
export function growthPotentialText(amountMillions: number | null): string {
  const amount = amountMillions ?? 0;
  if (amount > 50) return 'High growth trajectory based on funding size';
  if (amount > 20) return 'Moderate growth potential';
  return 'Early stage with growth opportunity';
}

export interface DebtOpportunity {
  /** Share of the round a facility could be, e.g. [0.3, 0.5]; null when the rule has no band for the stage. */
  share: readonly [number, number] | null;
  text: string;
}

/**
 * Debt opportunity by stage (spec 02 §9): Series A 30-50% of the round if raised over 50M,
 * otherwise 20-40%; Series B 40-60%; Series C/D 50-80%. Other stages have no band in the spec.
 */
export function debtOpportunity(stage: string | null, amountMillions: number | null): DebtOpportunity {
  const band = (low: number, high: number): DebtOpportunity => ({
    share: [low, high],
    text: `${Math.round(low * 100)}-${Math.round(high * 100)}% of the round`,
  });
  switch (stage) {
    case 'Series A':
      return (amountMillions ?? 0) > 50 ? band(0.3, 0.5) : band(0.2, 0.4);
    case 'Series B':
      return band(0.4, 0.6);
    case 'Series C':
    case 'Series D+':
      return band(0.5, 0.8);
    default:
      return { share: null, text: 'No estimate for this stage' };
  }
}
