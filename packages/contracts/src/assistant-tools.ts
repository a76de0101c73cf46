import { z } from 'zod';
import { ZDealStage } from './deals.ts';
import { ZFigureSource } from './documents.ts';
import { RED_FLAG_SEVERITIES, ZRedFlagLevel } from './scores.ts';

/**
 * The assistant's eight tools (spec 01 §3 tool names). One contract per tool: the input the
 * assistant, the MCP server and the API validate, and the output every caller receives. Every
 * output carries the citations that back it, so an answer built from a tool result can say where
 * each figure came from. Amounts are in the organisation's currency (EUR) unless `currency` says
 * otherwise; fractions are fractions (0.65 = 65 %).
 */

export const TOOL_NAMES = [
  'search_companies',
  'get_deal_details',
  'analyse_portfolio',
  'get_financial_metrics',
  'search_documents',
  'get_market_intelligence',
  'calculate_metrics',
  'get_red_flags',
] as const;
export const ZToolName = z.enum(TOOL_NAMES);
export type TToolName = z.infer<typeof ZToolName>;

/** What a citation points at; the client links deal, company and document targets to their pages. */
export const CITATION_KINDS = [
  'deal',
  'company',
  'document',
  'calculation',
  'portfolio',
  'signal',
  'funding_announcement',
] as const;

/** Spec 01 §3 chat answer citation, plus the target the client links to. */
export const ZCitation = z.object({
  /** How a person names the source: "Acme Ltd — deal #12", "Board pack.pdf, page 4", "Calculation: runway". */
  source: z.string(),
  /** 0–1: how directly the source answers the question. */
  relevance: z.number().min(0).max(1),
  /** The words or figures of the source that the answer relies on. */
  content_excerpt: z.string(),
  /** ISO date-time of the source (document upload, deal update); null for calculations. */
  date: z.string().nullable(),
  target: z.object({
    kind: z.enum(CITATION_KINDS),
    /** The deal's, company's or document's id; null for calculations and portfolio totals. */
    id: z.uuid().nullable(),
    /** Within a document: "page 4", "P&L!C14"; null otherwise. */
    location: z.string().nullable(),
    /** The source article a signal or funding announcement was read from, when there is one. */
    url: z.string().nullable().optional(),
  }),
});
export type TCitation = z.infer<typeof ZCitation>;

const limit = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
const name = z.string().trim().min(1).max(200);
/** A deal or company named by id, or by the company's name (matched leniently, like a person would). */
const subjectFields = {
  deal_id: z.uuid().optional(),
  company_id: z.uuid().optional(),
  company_name: name.optional(),
};
const namesASubject = (s: { deal_id?: string; company_id?: string; company_name?: string }) =>
  Boolean(s.deal_id || s.company_id || s.company_name);
const subjectRequired = { message: 'name a deal_id, a company_id or a company_name' };

/** The deal or company a tool answered about, as found. */
const ZSubjectRef = z.object({
  kind: z.enum(['deal', 'company']),
  id: z.uuid(),
  company_id: z.uuid(),
  company_name: z.string(),
  deal_id: z.uuid().nullable(),
});

const withCitations = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, citations: z.array(ZCitation) });

// search_companies ---------------------------------------------------------------------------

/** The recorded financial facts search_companies may rank companies by (never free text into SQL). */
export const RANKABLE_METRICS = [
  'revenue',
  'arr',
  'revenue_growth',
  'gross_margin',
  'monthly_burn',
  'cash',
  'runway_months',
  'monthly_churn',
  'net_revenue_retention',
  'cac_payback_months',
  'employee_count',
  'last_round_amount',
] as const;
export const ZRankableMetric = z.enum(RANKABLE_METRICS);
export type TRankableMetric = z.infer<typeof ZRankableMetric>;

export const ZSearchCompaniesInput = z
  .object({
    /** Words of the name, industry or description; blank lists by most recently updated. */
    query: z.string().trim().max(200).default(''),
    sector: z.string().trim().max(100).optional(),
    country: z.string().trim().max(100).optional(),
    /** Only companies of this monitoring priority (the Companies page's priority filter and "high priority" count). */
    priority: z.enum(['high', 'medium', 'low']).optional(),
    limit: limit(25, 10),
    /** Rank the companies that have this financial fact recorded by it (each then carries `value`). */
    rank_by: ZRankableMetric.optional(),
    /** With rank_by: highest first (desc, the default) or lowest first. */
    order: z.enum(['desc', 'asc']).optional(),
    /**
     * Only companies nobody has had an email, note or recorded interaction with (on the company or
     * its deals) for this many days, never contacted first, then the longest silent.
     */
    not_contacted_for_days: z.number().int().min(1).max(3650).optional(),
  })
  .refine((input) => !(input.rank_by && input.not_contacted_for_days), {
    message: 'rank_by and not_contacted_for_days cannot be combined',
    path: ['rank_by'],
  })
  .refine((input) => !((input.rank_by || input.not_contacted_for_days) && input.query), {
    message: 'rank_by and not_contacted_for_days list companies; leave query blank',
    path: ['query'],
  });
export const ZSearchCompaniesOutput = withCitations({
  companies: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      industry: z.string().nullable(),
      country: z.string().nullable(),
      description: z.string().nullable(),
      /** 0–1 name/description match; 1 for an exact name. */
      match: z.number(),
      deals: z.array(z.object({ id: z.uuid(), stage: ZDealStage, amount_requested: z.number() })),
      last_interaction: z.string().nullable(),
      /** With rank_by: the company's recorded value of that metric (fractions as fractions). */
      value: z.number().optional(),
      /** With not_contacted_for_days: whole days since last_interaction; null when never contacted. */
      days_since_contact: z.number().int().nullable().optional(),
    }),
  ),
  /** Companies matched before the limit (with rank_by: those with the metric recorded). */
  total: z.number().int(),
  /**
   * With rank_by: the metric over every company that has it recorded (all `total` of them, not only
   * those listed): its sum, mean and median, as recorded (fractions as fractions).
   */
  stats: z
    .object({ count: z.number().int(), sum: z.number(), average: z.number(), median: z.number() })
    .optional(),
  /** With not_contacted_for_days: how many of `total` have no contact recorded at all, and how many were last contacted earlier. */
  never_contacted: z.number().int().optional(),
  contacted_before: z.number().int().optional(),
});

// get_deal_details ---------------------------------------------------------------------------

export const ZGetDealDetailsInput = z.object(subjectFields).refine(namesASubject, subjectRequired);
export const ZGetDealDetailsOutput = withCitations({
  /** Null when no deal matches: the answer says so instead of guessing. */
  deal: z
    .object({
      id: z.uuid(),
      deal_number: z.number().int(),
      company_id: z.uuid(),
      company_name: z.string(),
      stage: ZDealStage,
      stage_label: z.string(),
      amount_requested: z.number(),
      sector: z.string().nullable(),
      geography: z.string().nullable(),
      deal_type: z.string().nullable(),
      description: z.string().nullable(),
      thematic_score: z.number().nullable(),
      thematic_recommendation: z.string().nullable(),
      red_flag_level: ZRedFlagLevel.nullable(),
      red_flag_count: z.number().int(),
      suggested_facility: z.object({ min: z.number().nullable(), max: z.number().nullable() }).nullable(),
      documents: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          document_type: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
      created_at: z.string(),
      updated_at: z.string(),
      last_interaction: z.string().nullable(),
    })
    .nullable(),
  /** Other deals the name matched, when more than one did. */
  alternatives: z.array(z.object({ id: z.uuid(), company_name: z.string(), stage: ZDealStage })),
});

// analyse_portfolio --------------------------------------------------------------------------

/** funding_stage: the company's funding stage as recorded on it ("Seed", "Series B"), not the deal stage. */
export const PORTFOLIO_GROUPINGS = [
  'stage',
  'sector',
  'geography',
  'red_flag_level',
  'funding_stage',
] as const;
export const ZAnalysePortfolioInput = z.object({
  group_by: z.enum(PORTFOLIO_GROUPINGS).default('stage'),
  /** Only deals in these stages / with this red-flag level. */
  stages: z.array(ZDealStage).max(8).optional(),
  red_flag_level: ZRedFlagLevel.optional(),
  /** Only deals whose company is at one of these funding stages ("Series B"; case and spaces do not matter). */
  funding_stages: z.array(z.string().trim().min(1).max(40)).max(12).optional(),
  /** Only deals added (created) at or after this instant: "deals added this month". */
  created_since: z.iso.datetime({ offset: true }).optional(),
  /**
   * Also list the deals at the top of this ranking (the largest requests, the newest, the best
   * scored), within the stages and red-flag level given (not the funding stages); order desc (the
   * default) or asc, rank_limit deals (5).
   */
  rank_by: z.enum(['amount_requested', 'created_at', 'thematic_score']).optional(),
  order: z.enum(['desc', 'asc']).optional(),
  rank_limit: z.number().int().min(1).max(25).optional(),
});
export const ZAnalysePortfolioOutput = withCitations({
  group_by: z.enum(PORTFOLIO_GROUPINGS),
  groups: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      count: z.number().int(),
      total_amount: z.number(),
      average_amount: z.number().nullable(),
      average_score: z.number().nullable(),
      /** This group's share of the deals selected, by count and by amount requested (fractions, 0–1). */
      count_share: z.number().optional(),
      amount_share: z.number().nullable().optional(),
      /**
       * Grouped by funding_stage only: the average of the deals' recorded revenue growth and gross
       * margin (fractions), null when none has it, with how many deals had it.
       */
      average_revenue_growth: z.number().nullable().optional(),
      deals_with_revenue_growth: z.number().int().optional(),
      average_gross_margin: z.number().nullable().optional(),
      deals_with_gross_margin: z.number().int().optional(),
    }),
  ),
  totals: z.object({
    count: z.number().int(),
    total_amount: z.number(),
    average_amount: z.number().nullable(),
  }),
  /** Amount requested over the selected deals that are not closed or rejected. */
  pipeline_value: z.number(),
  /**
   * The organisation's whole open pipeline whatever the filter (deals not closed or rejected, as
   * the Deals table and the dashboard count them): how many deals and their amount requested.
   */
  open_pipeline: z.object({ count: z.number().int(), value: z.number() }),
  /** The organisation's deals the Deals table shows as Critical Risk (red-flag level reject). */
  critical_risk_deals: z.number().int(),
  /** With rank_by: the deals at the top of the ranking, in its order. */
  ranked_deals: z
    .array(
      z.object({
        deal_id: z.uuid(),
        deal_number: z.number().int(),
        company_name: z.string(),
        stage: ZDealStage,
        amount_requested: z.number(),
        thematic_score: z.number().nullable(),
        created_at: z.string(),
      }),
    )
    .optional(),
  /** closed ÷ (closed + rejected); null before any deal was decided. */
  conversion: z.object({ closed: z.number().int(), rejected: z.number().int(), rate: z.number().nullable() }),
  currency: z.literal('EUR'),
});

// get_financial_metrics ----------------------------------------------------------------------

export const ZGetFinancialMetricsInput = z
  .object({ ...subjectFields, metrics: z.array(z.string().max(60)).max(30).optional() })
  .refine(namesASubject, subjectRequired);
export const ZSourcedMetric = z.object({
  /** A financial_metrics field (revenue, arr, gross_margin…) or a key-metric name of the analyst. */
  name: z.string(),
  value: z.number(),
  unit: z.enum(['currency', 'fraction', 'months', 'count', 'ratio', 'date']),
  currency: z.string().nullable(),
  period: z.string().nullable(),
  /** A document figure's ZKeyMetric.months_covered (1 for a monthly rate or MRR, 3 for a quarter's total, 12 for a year's or ARR). */
  months_covered: z.number().int().nullable().optional(),
  /**
   * A document figure the document gives as a forecast or target (ZKeyMetric.kind 'projection'):
   * quoted as a projection, never used as an actual or as a calculation's input.
   */
  projection: z.literal(true).optional(),
  /** Where the figure is recorded: the deal / company record, or a document location with excerpt. */
  source: z.object({
    kind: z.enum(['deal', 'company', 'document']),
    id: z.uuid(),
    name: z.string(),
    location: ZFigureSource.nullable(),
    date: z.string().nullable(),
  }),
});
export type TSourcedMetric = z.infer<typeof ZSourcedMetric>;
export const ZGetFinancialMetricsOutput = withCitations({
  subject: ZSubjectRef.nullable(),
  metrics: z.array(ZSourcedMetric),
  /** Requested metrics the data does not hold. */
  missing: z.array(z.string()),
});

// search_documents ---------------------------------------------------------------------------

export const ZSearchDocumentsInput = z.object({
  query: z.string().trim().min(1).max(500),
  limit: limit(20, 5),
  company_ids: z.array(z.uuid()).max(50).optional(),
  doc_types: z.array(z.string().max(40)).max(12).optional(),
});
export const ZSearchDocumentsOutput = withCitations({
  results: z.array(
    z.object({
      document_id: z.uuid(),
      title: z.string(),
      doc_type: z.string(),
      company_name: z.string().nullable(),
      location: z.string().nullable(),
      excerpt: z.string(),
      score: z.number(),
      created_at: z.string(),
    }),
  ),
});

// get_market_intelligence --------------------------------------------------------------------

export const ZGetMarketIntelligenceInput = z.object({
  company_name: name.optional(),
  /** A sector as announcements name it ("fintech", "climate_tech"); case, spaces and "_" ignored. */
  sector: z.string().trim().max(100).optional(),
  /** A country or research region ("United Kingdom", "UK", "Europe"); case ignored. */
  place: z.string().trim().min(1).max(100).optional(),
  days: z.number().int().min(1).max(365).default(30),
  limit: limit(25, 10),
});
export const ZGetMarketIntelligenceOutput = withCitations({
  signals: z.array(
    z.object({
      id: z.uuid(),
      signal_type: z.string(),
      company_name: z.string().nullable(),
      title: z.string(),
      impact_level: z.string(),
      relevance_score: z.number(),
      detected_at: z.string(),
      description: z.string().nullable(),
      recommended_actions: z.array(z.string()),
      /** The announcement's sector, else the sector of a deal on the signal's company. */
      sector: z.string().nullable(),
      announcement_id: z.uuid().nullable(),
      source_url: z.string().nullable(),
    }),
  ),
  funding_announcements: z.array(
    z.object({
      id: z.uuid(),
      company_name: z.string(),
      title: z.string(),
      amount_raised: z.number().nullable(),
      currency: z.string().nullable(),
      /** The amount converted to EUR; null when the amount or its rate is unknown. */
      amount_eur: z.number().nullable(),
      stage: z.string().nullable(),
      sector: z.string().nullable(),
      country: z.string().nullable(),
      region: z.string().nullable(),
      investors: z.array(z.string()),
      announced_at: z.string(),
      source: z.string().nullable(),
      source_url: z.string().nullable(),
    }),
  ),
  /** Every matching round in the window (not only those listed): the figures a trend is told with. */
  funding_summary: z.object({
    rounds: z.number().int(),
    /** Sum of amount_eur over the rounds whose amount is known; null when none is. */
    total_raised_eur: z.number().nullable(),
    amounts_known: z.number().int(),
    amounts_unknown: z.number().int(),
    by_stage: z.array(
      z.object({
        stage: z.string().nullable(),
        rounds: z.number().int(),
        total_raised_eur: z.number().nullable(),
        amounts_unknown: z.number().int(),
      }),
    ),
  }),
  /** ISO date-time the window starts at (now minus `days`). */
  since: z.string(),
  /** Matching signals in the window (the list holds at most `limit`). */
  signals_total: z.number().int(),
  /**
   * Whether anything feeds these lists for the organisation: an enabled intelligence source, or at
   * least one funding announcement (imported or ingested) or market signal on record.
   */
  collecting: z.boolean(),
  /** Why the lists are empty, in a sentence, when they are. */
  note: z.string().nullable(),
});

// calculate_metrics --------------------------------------------------------------------------

export const CALCULATIONS = [
  'burn_multiple',
  'runway',
  'rule_of_40',
  'ltv_cac',
  'cac_payback',
  'debt_service_coverage',
  'facility_sizing',
  'percentage_of',
] as const;
export const ZCalculation = z.enum(CALCULATIONS);
export type TCalculation = z.infer<typeof ZCalculation>;

/**
 * Inputs given explicitly win; the rest are read from the named deal or company. The output shows
 * the formula, each input with its source, and the arithmetic step by step.
 */
export const ZCalculateMetricsInput = z.object({
  calculation: ZCalculation,
  deal_id: z.uuid().optional(),
  company_id: z.uuid().optional(),
  company_name: name.optional(),
  inputs: z.record(z.string().max(60), z.number().finite()).optional(),
});
export const ZCalculateMetricsOutput = withCitations({
  calculation: ZCalculation,
  /** Null when an input is missing (listed in `missing`). */
  result: z.number().nullable(),
  /** For facility_sizing: the range. */
  range: z.object({ min: z.number(), max: z.number() }).nullable(),
  unit: z.enum(['ratio', 'months', 'percent_points', 'currency']),
  formula: z.string(),
  inputs_used: z.array(
    z.object({
      name: z.string(),
      value: z.number(),
      source: z.string(),
    }),
  ),
  steps: z.array(z.string()),
  missing: z.array(z.string()),
  /** What the result means for a lender, in one sentence. */
  interpretation: z.string().nullable(),
});

// get_red_flags ------------------------------------------------------------------------------

export const ZGetRedFlagsInput = z.object({
  deal_id: z.uuid().optional(),
  company_name: name.optional(),
  stages: z.array(ZDealStage).max(8).optional(),
  /** Only flags of at least this severity. */
  min_severity: z.enum(RED_FLAG_SEVERITIES).optional(),
  /** The deals with no red flag at all instead (total_deals counts them). */
  without_flags: z.boolean().optional(),
  limit: limit(100, 25),
});
export const ZGetRedFlagsOutput = withCitations({
  deals: z.array(
    z.object({
      deal_id: z.uuid(),
      company_id: z.uuid(),
      company_name: z.string(),
      stage: ZDealStage,
      red_flag_level: ZRedFlagLevel.nullable(),
      /** The deal's red-flag score (0–10), as its score dialog shows it. */
      red_flag_score: z.number().nullable(),
      /** Every flag of the deal counted by severity: its red-flag summary's counts. */
      flag_counts: z.object({
        critical: z.number().int(),
        high: z.number().int(),
        medium: z.number().int(),
        low: z.number().int(),
      }),
      flags: z.array(
        z.object({
          severity: z.enum(RED_FLAG_SEVERITIES),
          category: z.string(),
          description: z.string(),
        }),
      ),
    }),
  ),
  /** Deals matched before the limit. */
  total_deals: z.number().int(),
  /** Document risk flags (from the analyst) of the named deal, with their sources. */
  document_flags: z.array(z.object({ document_id: z.uuid(), document_name: z.string(), text: z.string() })),
});

/** Every tool's contracts, by name: what the assistant offers a model and the MCP server lists. */
export const TOOL_CONTRACTS = {
  search_companies: { input: ZSearchCompaniesInput, output: ZSearchCompaniesOutput },
  get_deal_details: { input: ZGetDealDetailsInput, output: ZGetDealDetailsOutput },
  analyse_portfolio: { input: ZAnalysePortfolioInput, output: ZAnalysePortfolioOutput },
  get_financial_metrics: { input: ZGetFinancialMetricsInput, output: ZGetFinancialMetricsOutput },
  search_documents: { input: ZSearchDocumentsInput, output: ZSearchDocumentsOutput },
  get_market_intelligence: { input: ZGetMarketIntelligenceInput, output: ZGetMarketIntelligenceOutput },
  calculate_metrics: { input: ZCalculateMetricsInput, output: ZCalculateMetricsOutput },
  get_red_flags: { input: ZGetRedFlagsInput, output: ZGetRedFlagsOutput },
} as const satisfies Record<TToolName, { input: z.ZodType; output: z.ZodType }>;

export type TToolInput<N extends TToolName> = z.input<(typeof TOOL_CONTRACTS)[N]['input']>;
export type TToolOutput<N extends TToolName> = z.infer<(typeof TOOL_CONTRACTS)[N]['output']>;

/** GET /assistant/tools: the tools the API, the assistant and the MCP server offer, with their input JSON Schema. */
export const ZAssistantToolsResponse = z.object({
  tools: z.array(
    z.object({
      name: ZToolName,
      description: z.string(),
      input_schema: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type TAssistantToolsResponse = z.infer<typeof ZAssistantToolsResponse>;

export const ZToolNameParams = z.object({ name: z.string().max(100) });
