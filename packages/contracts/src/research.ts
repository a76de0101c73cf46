import { z } from 'zod';
import { ZUuid } from './common.ts';

/**
 * Research (spec 01 §7 research agents and workflows, spec 02 §4 discovery and deep research,
 * §7 research): one engine gathers what the organisation knows about a company or a question,
 * every fact with the record it was read from.
 */

/** Research regions and stages of spec 02 §9. */
export const RESEARCH_REGIONS = ['UK', 'Europe', 'US', 'Asia'] as const;
export type TResearchRegion = (typeof RESEARCH_REGIONS)[number];
export const RESEARCH_STAGES = ['A', 'B', 'C', 'D'] as const;
export type TResearchStage = (typeof RESEARCH_STAGES)[number];

export const RESEARCH_DEPTHS = ['quick', 'standard', 'comprehensive'] as const;
export const ZResearchDepth = z.enum(RESEARCH_DEPTHS);
export type TResearchDepth = z.infer<typeof ZResearchDepth>;
/** How much a research run gathers at each depth: records kept per source, and comparable deals. */
export const RESEARCH_DEPTH_LIMITS: Record<TResearchDepth, number> = {
  quick: 5,
  standard: 10,
  comprehensive: 25,
};

/** The spec 02 §5 message for a blank research query. */
export const EMPTY_RESEARCH_QUERY = 'Please enter a research query';

const name = (max: number) => z.string().trim().min(1).max(max);

/** Where a research fact was read. */
export const RESEARCH_SOURCE_KINDS = [
  'company',
  'deal',
  'document',
  'funding_announcement',
  'market_signal',
  'benchmark',
  'thesis',
] as const;
export const ZResearchSource = z.object({
  kind: z.enum(RESEARCH_SOURCE_KINDS),
  /** The record's id; null for published benchmarks and the thesis. */
  id: z.uuid().nullable(),
  /** As a person names it: "Acme Ltd", "Board pack.pdf, page 2", "Sifted: Acme raises €20M". */
  name: z.string(),
  /** Within a document: "page 2", "P&L!C14". */
  location: z.string().nullable(),
  url: z.string().nullable(),
  date: z.string().nullable(),
  /** The words of the source the fact was read from, when it is a document. */
  excerpt: z.string().nullable(),
});
export type TResearchSource = z.infer<typeof ZResearchSource>;

/** One figure or fact, with its source. */
export const ZResearchFact = z.object({
  field: z.string(),
  value: z.union([z.number(), z.string(), z.boolean()]),
  unit: z.enum(['currency', 'fraction', 'months', 'count', 'ratio', 'date', 'text']),
  currency: z.string().nullable(),
  period: z.string().nullable(),
  source: ZResearchSource,
});
export type TResearchFact = z.infer<typeof ZResearchFact>;

/** A ranked hit of the engine: a company, announcement, document or signal. */
export const RESEARCH_HIT_KINDS = [
  'company',
  'funding_announcement',
  'document',
  'market_signal',
  'deal',
] as const;
export const ZResearchHit = z.object({
  kind: z.enum(RESEARCH_HIT_KINDS),
  id: z.uuid(),
  title: z.string(),
  company_name: z.string().nullable(),
  company_id: z.uuid().nullable(),
  snippet: z.string().nullable(),
  sector: z.string().nullable(),
  /** The sector as people read it ("Climate Tech" for climate_tech); null when unknown. */
  sector_label: z.string().nullable().default(null),
  region: z.string().nullable(),
  country: z.string().nullable(),
  stage: z.string().nullable(),
  /** EUR, when the hit carries an amount (a round, a deal). */
  amount_eur: z.number().nullable(),
  /** Extraction confidence of an announcement (0–1); null for records people entered. */
  confidence_score: z.number().nullable(),
  date: z.string().nullable(),
  /** 0–1: the engine's rank (terms matched, filters met, recency). Deterministic. */
  score: z.number(),
  source: ZResearchSource,
});
export type TResearchHit = z.infer<typeof ZResearchHit>;

export const ZResearchSummary = z.object({
  text: z.string(),
  /** built-in: sentences picked from the facts; llm: written by the configured model, figure-checked. */
  engine: z.enum(['built-in', 'llm']),
  model: z.string().nullable(),
  /** Why the model's summary was not used, when it was not. */
  note: z.string().nullable(),
});
export type TResearchSummary = z.infer<typeof ZResearchSummary>;

/** What a research discovery stored: the findings of one company (research_records.findings). */
export const ZResearchFindings = z.object({
  status: z.enum(['pending', 'completed', 'failed']),
  company: z
    .object({
      id: z.uuid(),
      name: z.string(),
      facts: z.array(ZResearchFact),
    })
    .nullable(),
  metrics: z.array(ZResearchFact),
  funding_announcements: z.array(ZResearchHit),
  market_signals: z.array(ZResearchHit),
  documents: z.array(ZResearchHit),
  comparable_deals: z.array(ZResearchHit),
  summary: ZResearchSummary.nullable(),
  /** Sentences naming what the data does not hold ("Gross margin: not in the data"). */
  missing: z.array(z.string()),
  /** Company fields written from the findings (save_to_db), each with its source. */
  company_updates: z.array(ZResearchFact),
  sources: z.array(ZResearchSource),
});
export type TResearchFindings = z.infer<typeof ZResearchFindings>;

/** POST /agents/research/discover: the agent form or the automation form (?deal_id=). */
export const ZDiscoverResearchRequest = z.union([
  z.object({
    deal_id: ZUuid.optional(),
    company_name: name(200),
    industry_sector: name(200).nullish(),
    research_depth: ZResearchDepth.default('comprehensive'),
    save_to_db: z.boolean().default(false),
  }),
  z.object({
    search_criteria: z.object({
      company_name: name(200),
      industry_sector: name(200).nullish(),
      research_depth: ZResearchDepth.default('comprehensive'),
    }),
    save_to_db: z.boolean().default(true),
  }),
]);
export type TDiscoverResearchRequest = z.infer<typeof ZDiscoverResearchRequest>;
export const ZDiscoverResearchQuery = z.object({ deal_id: ZUuid.optional() });

export const ZDiscoverResearchResponse = z.object({
  execution_id: z.uuid(),
  research_id: z.uuid(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
});
export type TDiscoverResearchResponse = z.infer<typeof ZDiscoverResearchResponse>;

export const ZResearchRecord = z.object({
  id: z.uuid(),
  execution_id: z.uuid().nullable(),
  deal_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  company_name: z.string(),
  industry_sector: z.string().nullable(),
  research_depth: z.string(),
  findings: ZResearchFindings,
  created_at: z.string(),
});
export type TResearchRecord = z.infer<typeof ZResearchRecord>;

export const THESIS_COMPONENTS = [
  'sector_alignment',
  'geographic_fit',
  'stage_fit',
  'deal_size_fit',
  'financial_metrics',
] as const;

export const ZThesisComponentFit = z.object({
  /** 0–10; null when the subject has nothing to score it on (a company has no ticket). */
  score: z.number().nullable(),
  weight: z.number(),
  reason: z.string(),
  /** The subject's value the component read ("B2B SaaS", "€5,000,000"), or "not in the data". */
  input: z.string(),
});

/** GET /agents/research/{id}/investment-thesis. */
export const ZInvestmentThesisFit = z.object({
  research_id: z.uuid().nullable(),
  deal_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  company_name: z.string(),
  thematic_score: z.number(),
  recommendation: z.string(),
  components: z.object(
    Object.fromEntries(THESIS_COMPONENTS.map((key) => [key, ZThesisComponentFit])) as Record<
      (typeof THESIS_COMPONENTS)[number],
      typeof ZThesisComponentFit
    >,
  ),
  sources: z.array(ZResearchSource),
});
export type TInvestmentThesisFit = z.infer<typeof ZInvestmentThesisFit>;

export const ZBenchmarksQuery = z.object({
  company_name: z.string().trim().max(200).optional(),
  revenue: z.coerce.number().min(0).max(1e13).optional(),
  sector: z.string().trim().max(200).optional(),
});

export const ZQuartiles = z.object({
  count: z.number().int(),
  p25: z.number(),
  median: z.number(),
  p75: z.number(),
});

export const ZBenchmarkRow = z.object({
  metric: z.string(),
  label: z.string(),
  unit: z.enum(['fraction', 'months', 'ratio']),
  /** Lower is better for CAC payback and burn multiple. */
  higher_is_better: z.boolean(),
  company_value: z.number().nullable(),
  /** "not in the data" when the company lacks the metric. */
  company_value_text: z.string(),
  company_source: ZResearchSource.nullable(),
  portfolio: ZQuartiles.nullable(),
  /** Where the company sits among the portfolio: bottom, second, third or top quartile. */
  portfolio_position: z.string(),
  published: z
    .object({
      value: z.number(),
      kind: z.enum(['median', 'threshold']),
      description: z.string(),
      source: ZResearchSource,
      year: z.number().int(),
    })
    .nullable(),
  published_comparison: z.string(),
});

/** GET /agents/research/{id}/benchmarks. */
export const ZBenchmarksResponse = z.object({
  company_name: z.string(),
  company_id: z.uuid().nullable(),
  sector: z.string().nullable(),
  revenue: z.number().nullable(),
  revenue_source: ZResearchSource.nullable(),
  /** How many other companies the portfolio quartiles are over (the peers). */
  portfolio_size: z.number().int(),
  /** The sector the peers share; null when too few do (or none is known) and the whole portfolio is used. */
  portfolio_sector: z.string().nullable(),
  /** Which companies the quartiles are over, and why: the sector's, or the whole portfolio as a fallback. */
  portfolio_note: z.string(),
  metrics: z.array(ZBenchmarkRow),
  note: z.string(),
});
export type TBenchmarksResponse = z.infer<typeof ZBenchmarksResponse>;

/** POST /agents/workflows/new-deal. */
export const ZNewDealWorkflowRequest = z.object({
  deal_id: ZUuid,
  company_name: name(200).optional(),
  /** Ids of documents already uploaded for the deal. */
  initial_documents: z.array(ZUuid).max(100).default([]),
});
export const ZWorkflowStartResponse = z.object({
  execution_id: z.uuid(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
});

/** POST /auto-research/trigger. */
export const ZAutoResearchTriggerRequest = z.object({
  query: z.string().max(500, { message: 'must be at most 500 characters' }).default(''),
  save_to_db: z.boolean().default(false),
});
export const ZAutoResearchTriggerResponse = z.object({ task_id: z.uuid() });

/** A filter the question stated: its kind and how a person reads it. */
export const ZResearchFilter = z.object({
  kind: z.enum(['region', 'place', 'stage', 'sector', 'window']),
  label: z.string(),
});
export type TResearchFilter = z.infer<typeof ZResearchFilter>;

/** Deep research results are read a page at a time, like other lists. */
export const RESEARCH_PAGE_DEFAULT_LIMIT = 20;
export const RESEARCH_PAGE_MAX_LIMIT = 100;
export const ZResearchStatusQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(RESEARCH_PAGE_MAX_LIMIT).default(RESEARCH_PAGE_DEFAULT_LIMIT),
});

export const ZDeepResearchResult = z.object({
  query: z.string(),
  regions: z.array(z.enum(RESEARCH_REGIONS)),
  stages: z.array(z.enum(RESEARCH_STAGES)),
  terms: z.array(z.string()),
  /**
   * Every filter read from the question and applied to every source, as people read it:
   * "UK", "Series B", "Fintech", "Nordics", "This month (since 1 Nov 2026)".
   */
  filters: z.array(ZResearchFilter).default([]),
  /** One page of the merged hits (GET …/status?page=&limit=), best first. */
  hits: z.array(ZResearchHit),
  /** Hits in all pages, and the page shown. */
  total: z.number().int().min(0).default(0),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).default(RESEARCH_PAGE_DEFAULT_LIMIT),
  summary: ZResearchSummary.nullable(),
  /** Companies added to the list (save_to_db), with their confidence level. */
  saved_companies: z.array(
    z.object({ id: z.uuid(), name: z.string(), confidence_level: z.enum(['high', 'medium', 'low']) }),
  ),
  /** Which sources are searched so far: companies, funding_announcements, documents, market_signals. */
  searched: z.array(z.string()),
});
export type TDeepResearchResult = z.infer<typeof ZDeepResearchResult>;

/** GET /auto-research/status/{taskId}. */
export const ZAutoResearchStatus = z.object({
  task_id: z.uuid(),
  status: z.enum(['running', 'completed', 'failed']),
  progress: z.number().int().min(0).max(100),
  partial_results: z.array(ZResearchHit),
  /**
   * The whole answer once completed; while running, the answer so far (null until the first source
   * is searched); null when failed.
   */
  result: ZDeepResearchResult.nullable(),
  error: z.string().nullable(),
});
export type TAutoResearchStatus = z.infer<typeof ZAutoResearchStatus>;

/** POST /agents/research/company-discovery (the Companies page button, spec 02 §7). */
export const ZCompanyDiscoveryRequest = z.object({
  research_depth: ZResearchDepth.default('comprehensive'),
  priority: z.enum(['standard', 'high']).default('high'),
  max_companies: z.number().int().min(1).max(100).default(20),
  save_to_db: z.boolean().default(true),
});
export const ZCompanyDiscoveryResponse = z.object({ execution_id: z.uuid() });
