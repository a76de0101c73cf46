import { z } from 'zod';
import { ZDealStage } from './deals.ts';

/**
 * The dashboard (spec 01 §2, §3 dashboard stats): four figures compared with a month ago, and the
 * charts a deal team looks at. Definitions: docs/decisions/034.
 */

export const STAT_TRENDS = ['up', 'down'] as const;
export const ZStatTrend = z.enum(STAT_TRENDS);
export type TStatTrend = z.infer<typeof ZStatTrend>;

/** One stat card: spec 01 §3 {value, change, trend}, plus the figure it was compared with. */
export const ZDashboardStat = z.object({
  value: z.number(),
  /**
   * Against `previous`, one decimal: a percentage of it for counts, percentage points for the
   * conversion rate. Null when a count was zero a month ago (no percentage of zero exists).
   */
  change: z.number().nullable(),
  /** up when the value is at least what it was a month ago, down when lower. */
  trend: ZStatTrend,
  /** The same figure a month ago. */
  previous: z.number(),
});
export type TDashboardStat = z.infer<typeof ZDashboardStat>;

/**
 * Where the month-ago figures come from: the daily snapshot nearest 30 days ago (within 3 days),
 * or, with none, a reconstruction from the records' timestamps as of exactly 30 days ago.
 */
export const COMPARISON_BASES = ['snapshot', 'reconstructed'] as const;
export const ZComparisonBasis = z.enum(COMPARISON_BASES);

/** GET /intelligence/dashboard/stats. */
export const ZDashboardStats = z.object({
  /** Deals in any stage but closed and rejected. */
  active_deals: ZDashboardStat,
  /** The organisation's companies (the Companies page). */
  companies_tracked: ZDashboardStat,
  /** High-impact market signals detected in the last 30 days. */
  high_priority_alerts: ZDashboardStat,
  /**
   * Closed ÷ (closed + rejected), in percent with one decimal, over deals that reached closed or
   * rejected in the last 12 months; 0 when none did.
   */
  deal_conversion: ZDashboardStat.extend({
    /** The counts behind the rate (now). */
    closed: z.number().int().min(0),
    decided: z.number().int().min(0),
  }),
  comparison: z.object({
    basis: ZComparisonBasis,
    /** The day compared with (YYYY-MM-DD, UTC). */
    day: z.iso.date(),
  }),
  as_of: z.iso.datetime({ offset: true }),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

/** The figures kept for a day in metric_snapshots.metrics. */
export const ZDashboardFigures = z.object({
  active_deals: z.number().int().min(0),
  companies_tracked: z.number().int().min(0),
  high_priority_alerts: z.number().int().min(0),
  deals_closed: z.number().int().min(0),
  deals_decided: z.number().int().min(0),
});
export type TDashboardFigures = z.infer<typeof ZDashboardFigures>;

export const ZPipelineStageValue = z.object({
  stage: ZDealStage,
  /** Deals now in the stage. */
  count: z.number().int().min(0),
  /** Sum of their amount_requested, EUR. */
  amount_eur: z.number().min(0),
});

export const ZDealsPerMonth = z.object({
  /** YYYY-MM, UTC. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  created: z.number().int().min(0),
  /** Deals now closed that reached closed in the month. */
  closed: z.number().int().min(0),
});

export const ZScoreBucket = z.object({
  /** Inclusive lower bound; the bucket holds scores from `from` up to `to` (10 goes in 9–10). */
  from: z.number().int().min(0).max(9),
  to: z.number().int().min(1).max(10),
  count: z.number().int().min(0),
});

export const ZFundingRoundsPerMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Rounds announced in the month in one of the thesis sectors. */
  count: z.number().int().min(0),
  /** Sum of the amounts known, EUR. */
  amount_eur: z.number().min(0),
  /** Rounds whose amount the source did not give (counted, not summed). */
  amount_unknown: z.number().int().min(0),
});

/** GET /intelligence/dashboard/charts. */
export const ZDashboardCharts = z.object({
  /** Every stage in pipeline order. */
  pipeline_by_stage: z.array(ZPipelineStageValue),
  /** The last 12 months, oldest first, the current month last. */
  deals_per_month: z.array(ZDealsPerMonth),
  /** Ten buckets 0–1 … 9–10 over every scored deal. */
  score_distribution: z.array(ZScoreBucket),
  /** The last 12 months, oldest first. */
  funding_rounds_per_month: z.array(ZFundingRoundsPerMonth),
  /** The thesis sectors the rounds were matched against (their names). */
  thesis_sectors: z.array(z.string()),
  as_of: z.iso.datetime({ offset: true }),
});
export type TDashboardCharts = z.infer<typeof ZDashboardCharts>;
export type TPipelineStageValue = z.infer<typeof ZPipelineStageValue>;
export type TDealsPerMonth = z.infer<typeof ZDealsPerMonth>;
export type TScoreBucket = z.infer<typeof ZScoreBucket>;
export type TFundingRoundsPerMonth = z.infer<typeof ZFundingRoundsPerMonth>;
