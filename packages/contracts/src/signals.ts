import { z } from 'zod';

/**
 * Market signals (spec 01 §3 market signal, §7 dashboard and signals; spec 02 §7 signals and
 * funding). A signal is derived by rules from announcements and companies; alerts.ts holds what a
 * signal becomes when it crosses a watchlist threshold.
 */

export const SIGNAL_TYPES = [
  'ipo_signal',
  'market_opportunity',
  'funding_round',
  'competitive_threat',
  'other',
] as const;
export const ZSignalType = z.enum(SIGNAL_TYPES);
export type TSignalType = z.infer<typeof ZSignalType>;

export const IMPACT_LEVELS = ['high', 'medium', 'low'] as const;
export const ZImpactLevel = z.enum(IMPACT_LEVELS);
export type TImpactLevel = z.infer<typeof ZImpactLevel>;

/** Spec 01 §3 market signal (signal_id is the id), with what links it to our records. */
export const ZMarketSignal = z.object({
  signal_id: z.uuid(),
  signal_type: ZSignalType,
  company_name: z.string(),
  /** The tracked company it names, when it names one. */
  company_id: z.uuid().nullable(),
  announcement_id: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  relevance_score: z.number().min(0).max(1),
  /** high is urgent. */
  impact_level: ZImpactLevel,
  recommended_actions: z.array(z.string()),
  detected_at: z.iso.datetime({ offset: true }),
});
export type TMarketSignal = z.infer<typeof ZMarketSignal>;

/** GET /signals/ query. `days` counts back from when the signal was detected. */
export const ZSignalListQuery = z.object({
  type: ZSignalType.optional(),
  impact: ZImpactLevel.optional(),
  company_id: z.uuid().optional(),
  days: z.coerce.number().int().min(1).max(3650).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TSignalListQuery = z.infer<typeof ZSignalListQuery>;

/** A signal with the rule's reasons (what it was derived from, why it scores as it does). */
export const ZMarketSignalDetail = ZMarketSignal.extend({
  data: z.record(z.string(), z.unknown()),
});
export type TMarketSignalDetail = z.infer<typeof ZMarketSignalDetail>;

export const ZSignalListResponse = z.object({
  signals: z.array(ZMarketSignal),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TSignalListResponse = z.infer<typeof ZSignalListResponse>;

const countsBy = <T extends readonly string[]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<T[number], z.ZodNumber>);

export const ZSignalStats = z.object({
  total: z.number().int(),
  by_type: countsBy(SIGNAL_TYPES),
  by_impact: countsBy(['high', 'medium', 'low'] as const),
  /** Signals with impact high: the urgent ones. */
  high_priority: z.number().int(),
  /** Alerts: signals over a watchlist threshold. */
  alerts: z.number().int(),
  /** When the newest completed scan finished; null before the first. */
  last_scan_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TSignalStats = z.infer<typeof ZSignalStats>;

export const ZCompanySignalsResponse = z.object({
  company_id: z.uuid(),
  signals: z.array(ZMarketSignal),
  total: z.number().int(),
});
export type TCompanySignalsResponse = z.infer<typeof ZCompanySignalsResponse>;

export const ZCompanyIdParams = z.object({ companyId: z.uuid() });

/** POST /intelligence/scan: the scan runs as a workflow; poll GET /agents/workflows/{id}/status. */
export const ZSignalScanResponse = z.object({
  execution_id: z.uuid(),
  status: z.literal('pending'),
});
export type TSignalScanResponse = z.infer<typeof ZSignalScanResponse>;

/** POST /signals/{id}/add-company: the company the signal names, now linked to it. */
export const ZAddCompanyFromSignalResponse = z.object({
  company_id: z.uuid(),
  company_name: z.string(),
  /** False when the organisation already had the company (same name, normalised) and it was linked. */
  created: z.boolean(),
  confidence_score: z.number(),
  confidence_level: z.enum(['high', 'medium', 'low']),
  signal: ZMarketSignal,
  /** The scan deriving the company's signals again (poll GET /agents/workflows/{id}/status). */
  scan_execution_id: z.uuid(),
});
export type TAddCompanyFromSignalResponse = z.infer<typeof ZAddCompanyFromSignalResponse>;
