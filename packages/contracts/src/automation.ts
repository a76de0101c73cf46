import { z } from 'zod';
import { DOCUMENT_TYPES, ZFigureSource, ZKeyMetric } from './documents.ts';
import { ZWorkflowPriority, ZWorkflowStatus } from './workflows.ts';

/**
 * Automation (spec 01 §7 Research, IC, monitoring, workflows; decision 030): the n8n-compatible
 * endpoints on our own workflow runner, scenario forecasts, the daily monitoring brief, and search
 * across the organisation's records (spec 02 smart search, spec 01 top bar).
 */

const companyName = z.string().trim().max(200).optional();
/** A lower-case word an automation passes through (memo_type, forecast_type, extraction_type). */
const token = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(50, { message: `${label} must be at most 50 characters` })
    .regex(/^[a-z][a-z0-9_]*$/, { message: `${label} must be lower-case letters, digits and underscores` });

/** POST /n8n/upload-deck. */
export const ZN8nUploadDeckRequest = z.object({
  deal_id: z.uuid(),
  company_name: companyName,
  file_name: z.string().trim().min(1, { message: 'file_name is required' }).max(255),
  file_type: z.string().trim().max(100).optional(),
  uploaded_by: z.string().trim().max(200).optional(),
  priority: ZWorkflowPriority.default('standard'),
});
export type TN8nUploadDeckRequest = z.infer<typeof ZN8nUploadDeckRequest>;

/** POST /n8n/ic-memo-draft (spec 01 §9: high priority by default). */
export const ZN8nIcMemoDraftRequest = z.object({
  deal_id: z.uuid(),
  company_name: companyName,
  memo_type: token('memo_type').default('investment_committee'),
  priority: ZWorkflowPriority.default('high'),
  user_id: z.uuid().optional(),
});
export type TN8nIcMemoDraftRequest = z.infer<typeof ZN8nIcMemoDraftRequest>;

export const N8N_DOCUMENT_TYPES = [...DOCUMENT_TYPES, 'all'] as const;

/** POST /n8n/metrics-extraction. */
export const ZN8nMetricsExtractionRequest = z.object({
  deal_id: z.uuid(),
  company_name: companyName,
  document_type: z.enum(N8N_DOCUMENT_TYPES).default('financial_statements'),
  extraction_type: token('extraction_type').default('comprehensive'),
  priority: ZWorkflowPriority.default('standard'),
});
export type TN8nMetricsExtractionRequest = z.infer<typeof ZN8nMetricsExtractionRequest>;

/** "5_years", "1_year": whole years up to 10. */
export const ZTimeHorizon = z
  .string()
  .trim()
  .regex(/^([1-9]|10)_years?$/, { message: 'time_horizon must be 1_year to 10_years (e.g. 5_years)' });

/** Months in a time horizon ("5_years" → 60). */
export const horizonMonths = (horizon: string) => Number.parseInt(horizon, 10) * 12;

/** POST /n8n/scenario-forecasts. */
export const ZN8nScenarioForecastRequest = z.object({
  deal_id: z.uuid(),
  company_name: companyName,
  forecast_type: token('forecast_type').default('market_analysis'),
  time_horizon: ZTimeHorizon.default('5_years'),
  priority: ZWorkflowPriority.default('standard'),
});
export type TN8nScenarioForecastRequest = z.infer<typeof ZN8nScenarioForecastRequest>;

/** What every n8n POST answers: the execution to poll. */
export const ZN8nWorkflowStarted = z.object({
  execution_id: z.uuid(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  workflow_type: z.string(),
  priority: ZWorkflowPriority,
});
export type TN8nWorkflowStarted = z.infer<typeof ZN8nWorkflowStarted>;

export const ZN8nWorkflowStatus = ZWorkflowStatus.extend({ priority: ZWorkflowPriority });
export type TN8nWorkflowStatus = z.infer<typeof ZN8nWorkflowStatus>;

export const ZN8nWorkflowLogsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const ZN8nWorkflowLog = z.object({
  timestamp: z.iso.datetime({ offset: true }),
  level: z.enum(['info', 'warn', 'error']),
  step: z.string().nullable(),
  message: z.string(),
  data: z.unknown().nullable(),
});
/** The newest `limit` lines, oldest first. */
export const ZN8nWorkflowLogs = z.object({
  execution_id: z.uuid(),
  status: z.string(),
  limit: z.number().int(),
  logs: z.array(ZN8nWorkflowLog),
});
export type TN8nWorkflowLogs = z.infer<typeof ZN8nWorkflowLogs>;

const ZDependencyState = z.enum(['ok', 'unreachable']);
/** 200 healthy when the database and the job queue both answer; 503 unhealthy naming the one that did not. */
export const ZN8nHealth = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  service: z.string(),
  checks: z.object({ database: ZDependencyState, job_queue: ZDependencyState }),
  /** The workflows these endpoints start. */
  workflows: z.array(z.string()),
  timestamp: z.iso.datetime({ offset: true }),
});
export type TN8nHealth = z.infer<typeof ZN8nHealth>;

/** A figure as the forecast used it, with where it came from. */
export const ZForecastAssumption = z.object({
  name: z.string(),
  value: z.union([z.number(), z.string()]),
  source: z.string(),
});

export const ZForecastMonth = z.object({
  month: z.number().int(),
  revenue: z.number(),
  burn: z.number(),
  cash: z.number(),
  cash_with_facility: z.number().nullable(),
});
export const ZForecastCase = z.object({
  annual_growth: z.number(),
  months: z.array(ZForecastMonth),
  cash_out_month: z.number().int().nullable(),
  cash_out_month_with_facility: z.number().int().nullable(),
});
export type TForecastCase = z.infer<typeof ZForecastCase>;

/** The result of a scenario-forecasts workflow. */
export const ZScenarioForecastResult = z.object({
  deal_id: z.uuid(),
  company_name: z.string(),
  forecast_type: z.string(),
  time_horizon: z.string(),
  horizon_months: z.number().int(),
  currency: z.literal('EUR'),
  status: z.enum(['complete', 'insufficient_data']),
  cases: z.object({ base: ZForecastCase, upside: ZForecastCase, downside: ZForecastCase }).nullable(),
  assumptions: z.array(ZForecastAssumption),
  /** Inputs not in the data. */
  missing: z.array(z.string()),
  notes: z.array(z.string()),
});
export type TScenarioForecastResult = z.infer<typeof ZScenarioForecastResult>;

/** A metric the metrics-extraction workflow gathered, cited to its document and place. */
export const ZExtractedMetric = z.object({
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  currency: z.string().nullable(),
  period: z.string().nullable(),
  /** ZKeyMetric.months_covered: for a flow (net burn, revenue, ARR, MRR), the months its value covers. */
  months_covered: ZKeyMetric.shape.months_covered,
  document_id: z.uuid(),
  document_name: z.string(),
  source: ZFigureSource,
});
export type TExtractedMetric = z.infer<typeof ZExtractedMetric>;

// Monitoring brief (GET /monitoring/daily-brief, POST /monitoring/start and /stop, GET /monitoring/subscription).

export const BRIEF_ITEM_KINDS = [
  'red_flag',
  'document_risk',
  'stage_change',
  'score_change',
  'new_document',
  'market_signal',
  'funding_announcement',
] as const;
export type TBriefItemKind = (typeof BRIEF_ITEM_KINDS)[number];
export const BRIEF_IMPORTANCE = ['high', 'medium', 'low'] as const;

export const ZBriefItem = z.object({
  kind: z.enum(BRIEF_ITEM_KINDS),
  importance: z.enum(BRIEF_IMPORTANCE),
  title: z.string(),
  detail: z.string().nullable(),
  occurred_at: z.iso.datetime({ offset: true }),
  /** Where in the app it leads. */
  link: z.string(),
  deal_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  company_name: z.string().nullable(),
  document_id: z.uuid().nullable(),
});
export type TBriefItem = z.infer<typeof ZBriefItem>;

export const ZBriefSection = z.object({
  kind: z.enum(BRIEF_ITEM_KINDS),
  title: z.string(),
  items: z.array(ZBriefItem),
});
export type TBriefSection = z.infer<typeof ZBriefSection>;

/** Sections most important first; items in a section most important, then newest, first. */
export const ZDailyBrief = z.object({
  generated_at: z.iso.datetime({ offset: true }),
  period_start: z.iso.datetime({ offset: true }),
  period_end: z.iso.datetime({ offset: true }),
  summary: z.string(),
  total_items: z.number().int(),
  sections: z.array(ZBriefSection),
});
export type TDailyBrief = z.infer<typeof ZDailyBrief>;

const briefFilter = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, { message: `${label} entries must not be blank` })
        .max(200, { message: `${label} entries must be at most 200 characters` }),
    )
    .max(500, { message: `${label} may hold at most 500 entries` })
    .default([]);

/** POST /monitoring/start: empty lists cover the whole portfolio. */
export const ZStartMonitoringRequest = z.object({
  portfolio_companies: briefFilter('portfolio_companies'),
  sectors: briefFilter('sectors'),
});
export type TStartMonitoringRequest = z.input<typeof ZStartMonitoringRequest>;

/**
 * GET /monitoring/subscription and POST /monitoring/stop: whether the caller is emailed the brief
 * each morning, and what it covers (stopped: no subscription, empty lists).
 */
export const ZMonitoringSubscription = z.object({
  status: z.enum(['scheduled', 'stopped']),
  subscription_id: z.uuid().nullable(),
  portfolio_companies: z.array(z.string()),
  sectors: z.array(z.string()),
  /** When the brief goes out, as a cron line in UTC. */
  schedule: z.string(),
  email: z.string(),
});
export type TMonitoringSubscription = z.infer<typeof ZMonitoringSubscription>;

export const ZStartMonitoringResponse = ZMonitoringSubscription.extend({
  status: z.literal('scheduled'),
  subscription_id: z.uuid(),
});
export type TStartMonitoringResponse = z.infer<typeof ZStartMonitoringResponse>;

// Search (GET /search).

export const SEARCH_DEFAULT_LIMIT = 8;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MAX_QUERY_LENGTH = 200;

export const ZSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, { message: 'Enter something to search for' })
    .max(SEARCH_MAX_QUERY_LENGTH, {
      message: `The search must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`,
    }),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});

export const SEARCH_HIT_KINDS = ['company', 'deal', 'document', 'funding_announcement'] as const;
export type TSearchHitKind = (typeof SEARCH_HIT_KINDS)[number];
export const ZSearchHit = z.object({
  kind: z.enum(SEARCH_HIT_KINDS),
  id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Where in the app the hit opens. */
  link: z.string(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;
export const ZSearchResponse = z.object({ query: z.string(), results: z.array(ZSearchHit) });
export type TSearchResponse = z.infer<typeof ZSearchResponse>;
