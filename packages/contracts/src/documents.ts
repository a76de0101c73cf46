import { z } from 'zod';

/**
 * Document intelligence (spec 01 §3 document analysis, upload item, workflow status; spec 02 §3
 * document and document analysis). Every figure carries its source: the page, slide or cell it was
 * read from and the words around it, so a lender can check it.
 */

export const DOCUMENT_TYPES = [
  'pitch_deck',
  'financial_model',
  'financial_statements',
  'annual_report',
  'term_sheet',
  'legal_agreement',
  'board_report',
  'other',
] as const;
export const ZDocumentType = z.enum(DOCUMENT_TYPES);
export type TDocumentType = z.infer<typeof ZDocumentType>;

/** The metrics the built-in analyst looks for, in display order. */
export const KEY_METRIC_NAMES = [
  'revenue',
  'arr',
  'mrr',
  'revenue_growth',
  'gross_margin',
  'ebitda',
  'net_income',
  'net_burn',
  'cash',
  'runway_months',
  'headcount',
  'customers',
  'monthly_churn',
  'net_revenue_retention',
  'cac_payback_months',
  'ltv_cac',
  /** The round a deck asks for ("raising $10M Series A", "$600k convertible note"). */
  'raise_amount',
  'last_round',
  'valuation',
  'total_debt',
  'capital_expenditure',
  // Lender figures of filings and statements (issue 18 §6): cash generated to service debt, and
  // the asset base that covers it.
  'operating_cash_flow',
  'total_assets',
] as const;
export const ZKeyMetricName = z.enum(KEY_METRIC_NAMES);
export type TKeyMetricName = z.infer<typeof ZKeyMetricName>;

/** Where a figure was read: "page 3", "slide 2", "P&L!C14". */
export const ZFigureSource = z.object({
  kind: z.enum(['page', 'slide', 'section', 'cell']),
  page: z.number().int().optional(),
  sheet: z.string().optional(),
  cell: z.string().optional(),
  label: z.string(),
  /** The words around the figure, as written in the document. */
  excerpt: z.string(),
});
export type TFigureSource = z.infer<typeof ZFigureSource>;

/**
 * A figure found in a document. Conventions match ZFinancialMetrics: amounts in `currency` (EUR after
 * conversion), fractions not percents (0.72 = 72 %), months for durations, a plain number for counts
 * and ratios. When the document states another currency, `original` keeps what it said and the rate.
 */
export const ZKeyMetric = z.object({
  value: z.number(),
  unit: z.enum(['currency', 'fraction', 'months', 'count', 'ratio']),
  currency: z.string().nullable(),
  /** "FY2024", "Q3 2025", "2023", "monthly", or null when the document does not say. */
  period: z.string().nullable(),
  /**
   * For a flow (net burn, revenue, ARR, MRR): how many months the value adds up. 1 for a monthly
   * rate ("€380k per month", "monthly burn") whatever period it is stated for, a month column or
   * MRR; 3 for a quarter's total ("Q2 2025 revenue €1.2m"), 6 for a half's, 12 for a year's, ARR
   * or a run rate. Null when the document does not say; absent on figures read before it was
   * recorded (decisions 036, 037). monthlyBurnOf and annualRevenueOf (@atempo/scoring) turn a burn
   * into a monthly one and a revenue into an annual one with it.
   */
  months_covered: z.number().int().min(1).max(12).nullable().optional(),
  source: ZFigureSource,
  /**
   * "projection" for a forecast, target or estimate the document prints ("ARR 2017 $10m" on a
   * projections slide, "2011 Estimated Revenue"): never to be read as an actual. Absent means actual.
   */
  kind: z.enum(['actual', 'projection']).optional(),
  /**
   * A range as printed ("$20-$25 million"): its ends, in the same currency as `value`, which then holds
   * the low end (the conservative reading); show the range, not `value` alone.
   */
  value_low: z.number().optional(),
  value_high: z.number().optional(),
  /** The figure exactly as printed ("₹10.54L", "18,95 mln PLN"), when read from a page. */
  literal: z.string().optional(),
  /**
   * The other forecasts of this metric the document prints, each with its period and source ("ARR
   * 2016 $3m", "2017 $10m" on a projections slide), in document order. `value` (and a range's ends)
   * are in this metric's `currency`, converted at the same rate; `literal` is as printed.
   */
  projections: z
    .array(
      z.object({
        value: z.number(),
        value_low: z.number().optional(),
        value_high: z.number().optional(),
        period: z.string().nullable(),
        literal: z.string().optional(),
        source: ZFigureSource,
      }),
    )
    .optional(),
  original: z
    .object({
      value: z.number(),
      currency: z.string(),
      /** Units of the organisation's currency per one unit of `currency` (config rates table). */
      rate: z.number(),
      rate_date: z.string(),
    })
    .optional(),
});
export type TKeyMetric = z.infer<typeof ZKeyMetric>;

export const ZSourcedText = z.object({ text: z.string(), source: ZFigureSource.nullable() });
export type TSourcedText = z.infer<typeof ZSourcedText>;

/** A facility term read from a term sheet or loan agreement. */
export const ZFacilityTerm = z.object({
  /** Numeric value when the term is a figure (EUR amount, fraction for rates and fees, months). */
  value: z.number().nullable(),
  unit: z.enum(['currency', 'fraction', 'months', 'text']),
  /** The term as written ("EURIBOR + 6.5%", "36 months", "10% of the facility"). */
  text: z.string(),
  source: ZFigureSource,
});
export type TFacilityTerm = z.infer<typeof ZFacilityTerm>;

export const FACILITY_TERM_NAMES = [
  'facility_amount',
  'interest_rate',
  'margin_over_base',
  'maturity_months',
  'interest_only_months',
  'amortisation',
  'warrant_coverage',
  'arrangement_fee',
  'final_fee',
] as const;
export const ZFacilityTerms = z.object({
  terms: z.partialRecord(z.enum(FACILITY_TERM_NAMES), ZFacilityTerm),
  covenants: z.array(ZSourcedText),
});
export type TFacilityTerms = z.infer<typeof ZFacilityTerms>;

/** The company a document is about or issued by, with the words that say so (issue 18 §4). */
export const ZDocumentIssuer = z.object({
  name: z.string(),
  /**
   * registrant: an SEC filing's cover; copyright: "© 2024 X"; running_header: a header or footer;
   * cover: the title page; website: the domain of the site or address on the cover or contact page.
   */
  evidence: z.enum(['registrant', 'copyright', 'running_header', 'cover', 'website']),
  source: ZFigureSource,
});
export type TDocumentIssuer = z.infer<typeof ZDocumentIssuer>;

/**
 * Set when the issuer is not the company the document was filed under: its figures reach the
 * deal only when accept-metrics is told confirm_other_company: true.
 */
export const ZOtherCompany = z.object({
  name: z.string(),
  /** The deal's (or linked) company the document was filed under. */
  expected_company: z.string(),
  /** "This document appears to be about X, not Y." */
  message: z.string(),
  source: ZFigureSource,
});
export type TOtherCompany = z.infer<typeof ZOtherCompany>;

/** The analysis of one document (spec 02 §3), plus the sources behind every line. */
export const ZDocumentAnalysis = z.object({
  document_id: z.uuid(),
  filename: z.string(),
  file_size: z.number().int(),
  document_type: ZDocumentType,
  confidence_score: z.number().min(0).max(1),
  content_summary: z.string(),
  key_metrics: z.partialRecord(ZKeyMetricName, ZKeyMetric),
  /** Plain sentences (spec 01 §3); the same sentences with their sources in risk_flag_details. */
  risk_flags: z.array(z.string()),
  risk_flag_details: z.array(ZSourcedText),
  action_items: z.array(z.string()),
  facility_terms: ZFacilityTerms.nullable(),
  suggested_folder: z.string(),
  /** What was cut or could not be read, in plain sentences. */
  notices: z.array(z.string()),
  page_count: z.number().int(),
  /** Who the document is about or issued by; null when nothing says so clearly (absent on older analyses). */
  issuer: ZDocumentIssuer.nullable().optional(),
  /** The issuer when it is another company than the deal's: a warning to show before the figures. */
  other_company: ZOtherCompany.nullable().optional(),
  engine: z.object({ provider: z.string(), model: z.string() }),
  processed_at: z.iso.datetime({ offset: true }),
  created_by: z.string().nullable(),
});
export type TDocumentAnalysis = z.infer<typeof ZDocumentAnalysis>;

export const DOCUMENT_STATUSES = ['processing', 'completed', 'failed'] as const;
export const ZDocumentStatus = z.enum(DOCUMENT_STATUSES);

/** The analysis box of a document card (spec 02 Knowledge Hub): first 2 metrics, first 2 flags. */
export const ZDocumentAnalysisPreview = ZDocumentAnalysis.pick({
  document_type: true,
  confidence_score: true,
  content_summary: true,
}).extend({
  key_metrics: z.partialRecord(ZKeyMetricName, ZKeyMetric),
  risk_flags: z.array(z.string()),
  risk_flag_count: z.number().int(),
  other_company: ZOtherCompany.nullable().optional(),
});

/** A document as lists show it (spec 02 §3 document, spec 02 §7 documents/recent). */
export const ZDocumentListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  /** The format: pdf, docx, doc, xlsx or xls. */
  type: z.string(),
  status: ZDocumentStatus,
  error: z.string().nullable(),
  deal_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  company_names: z.array(z.string()),
  created_at: z.iso.datetime({ offset: true }),
  /** The uploader's name. */
  created_by: z.string().nullable(),
  modified_at: z.iso.datetime({ offset: true }),
  processed_at: z.iso.datetime({ offset: true }).nullable(),
  /** Where GET /documents/{id}/download streams the file. */
  url: z.string(),
  analysis: ZDocumentAnalysisPreview.nullable(),
});
export type TDocumentListItem = z.infer<typeof ZDocumentListItem>;

export const ZDocument = ZDocumentListItem.omit({ analysis: true }).extend({
  analysis: ZDocumentAnalysis.nullable(),
  sha256: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZRecentDocumentsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const ZRecentDocumentsResponse = z.object({ documents: z.array(ZDocumentListItem) });
export type TRecentDocumentsResponse = z.infer<typeof ZRecentDocumentsResponse>;

/** Answer of both upload calls: the work continues as a job. */
export const ZDocumentUploadResponse = z.object({
  document_id: z.uuid(),
  execution_id: z.uuid(),
  status: ZDocumentStatus,
  filename: z.string(),
  file_size: z.number().int(),
  /** True when the same file was already stored in the organisation (stored once). */
  deduplicated: z.boolean(),
  /**
   * Set when the deal (or company) already has this very file (same content): no new document is
   * made and nothing is analysed again; document_id and execution_id are the existing document's.
   */
  duplicate_of: z
    .object({
      document_id: z.uuid(),
      name: z.string(),
      uploaded_at: z.iso.datetime({ offset: true }),
      message: z.string(),
    })
    .nullable()
    .optional(),
});
export type TDocumentUploadResponse = z.infer<typeof ZDocumentUploadResponse>;

export const PROCESSING_STAGES = [
  'queued',
  'extracting',
  'classifying',
  'finding_metrics',
  'risk_flags',
  'summarising',
  'indexing',
  'completed',
  'failed',
] as const;
export const ZProcessingStage = z.enum(PROCESSING_STAGES);
export type TProcessingStage = z.infer<typeof ZProcessingStage>;

export const ZDocumentProgress = z.object({
  document_id: z.uuid(),
  execution_id: z.uuid(),
  status: ZDocumentStatus,
  stage: ZProcessingStage,
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
});
export type TDocumentProgress = z.infer<typeof ZDocumentProgress>;

export const ZAcceptMetricsRequest = z.object({
  metrics: z.array(ZKeyMetricName).min(1).max(KEY_METRIC_NAMES.length),
  /**
   * Required (true) to write the figures of a document that appears to be about another company
   * than the deal's (analysis.other_company); without it the call answers 409 OTHER_COMPANY.
   */
  confirm_other_company: z.boolean().optional(),
});
export const ZAcceptMetricsResponse = z.object({
  /** Metrics written onto the deal's / company's financial_metrics, with their new values. */
  accepted: z.array(
    z.object({ name: ZKeyMetricName, field: z.string(), value: z.number(), previous: z.number().nullable() }),
  ),
  /** Metrics that have no financial_metrics field, or were not found in this document. */
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type TAcceptMetricsResponse = z.infer<typeof ZAcceptMetricsResponse>;

/** POST /documents/{id}/accept-metrics?dry_run=true answers what would change and writes nothing. */
export const ZAcceptMetricsQuery = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/**
 * What POST /documents/{id}/accept-metrics answers: ZAcceptMetricsResponse (accepted carries the
 * deal's previous value when the document has a deal, else the company's) plus every field it
 * writes on each record with its old and new value, and the notes of any conversion it made
 * ("an annual figure divided by 12").
 */
export const ZAcceptMetricsResult = ZAcceptMetricsResponse.extend({
  dry_run: z.boolean(),
  deal_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  changes: z.array(
    z.object({
      name: ZKeyMetricName,
      target: z.enum(['deal', 'company']),
      /** financial_metrics.<field> or the company's own column (revenue, employee_count…). */
      field: z.string(),
      previous: z.number().nullable(),
      value: z.number(),
    }),
  ),
  notes: z.array(z.object({ name: ZKeyMetricName, note: z.string() })),
  /** The document's other company (see ZOtherCompany); a dry run answers it so the client can ask. */
  other_company: ZOtherCompany.nullable().optional(),
});
export type TAcceptMetricsResult = z.infer<typeof ZAcceptMetricsResult>;

/** GET /agents/document-intelligence/{id}/financial-summary: the figures of one document and their sources. */
export const ZDocumentFinancialSummary = z.object({
  document_id: z.uuid(),
  filename: z.string(),
  document_type: ZDocumentType,
  /** Every amount is in this currency (the organisation's); `original` keeps a converted figure's own. */
  currency: z.string(),
  key_metrics: z.partialRecord(ZKeyMetricName, ZKeyMetric),
  /** KEY_METRIC_NAMES the document does not state ("not in the data", never guessed). */
  metrics_not_found: z.array(ZKeyMetricName),
  facility_terms: ZFacilityTerms.nullable(),
  processed_at: z.iso.datetime({ offset: true }),
});
export type TDocumentFinancialSummary = z.infer<typeof ZDocumentFinancialSummary>;

/** Spec 01 §3 risk levels. */
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const ZRiskLevel = z.enum(RISK_LEVELS);
export type TRiskLevel = z.infer<typeof ZRiskLevel>;

/** GET /agents/document-intelligence/{id}/risk-assessment. */
export const ZDocumentRiskAssessment = z.object({
  document_id: z.uuid(),
  filename: z.string(),
  document_type: ZDocumentType,
  /** Derived from the flags alone (see `rationale`), never from a model's guess. */
  risk_level: ZRiskLevel,
  /** Why this level: the rule that decided it, in a sentence. */
  rationale: z.string(),
  risk_flags: z.array(ZSourcedText),
  action_items: z.array(z.string()),
  processed_at: z.iso.datetime({ offset: true }),
});
export type TDocumentRiskAssessment = z.infer<typeof ZDocumentRiskAssessment>;
