import { DEAL_STAGES, type TCalculation, type TDealStage } from '@atempo/contracts';

/**
 * The words a deal team uses for the things the tools know about: stages, severities, metrics and
 * calculations. Phrases are lower case and matched on word boundaries of the normalised question
 * (see question.ts); longer phrases are tried first so "monthly recurring revenue" wins over "revenue".
 */

export const STAGE_PHRASES: Record<TDealStage, string[]> = {
  lead: ['lead', 'leads', 'lead stage', 'new leads'],
  qualified: ['qualified', 'qualification'],
  due_diligence: ['due diligence', 'diligence', 'dd'],
  ic_review: ['ic review', 'investment committee', 'ic', 'credit committee', 'committee review'],
  // "term sheet" and "legal docs" are also documents: stage only with "stage"/"in"/"at" (question.ts).
  term_sheet: ['term sheet stage', 'term sheets stage'],
  legal_docs: ['legal docs', 'legal documentation', 'legal stage', 'legal docs stage'],
  closed: ['closed', 'won', 'funded', 'signed deals', 'did we close', 'have we closed', 'we close'],
  rejected: ['rejected', 'reject', 'declined', 'decline', 'turned down', 'lost', 'passed'],
};
/** Stage names that are also document names: a stage only after "in", "at", "to" or before "stage". */
export const AMBIGUOUS_STAGE_PHRASES: Partial<Record<TDealStage, string[]>> = {
  term_sheet: ['term sheet'],
  legal_docs: ['legal'],
};
/** The stages of the open pipeline: every stage but the two decisions. */
export const OPEN_STAGES: TDealStage[] = DEAL_STAGES.filter(
  (stage) => stage !== 'closed' && stage !== 'rejected',
);

export const SEVERITY_PHRASES = {
  critical: ['critical', 'severe', 'deal breaker', 'deal-breaker', 'showstopper'],
  high: ['high', 'serious', 'major', 'high severity'],
  medium: ['medium', 'moderate'],
  low: ['low', 'minor'],
} as const;

/**
 * A metric as people ask for it. `names` are the metric names the tools may answer with
 * (financial_metrics fields and the document analyst's key-metric names), first preferred.
 */
export interface MetricConcept {
  key: string;
  label: string;
  phrases: string[];
  names: string[];
  /** A calculation that can stand in when no recorded figure exists. */
  calculation?: TCalculation;
}

export const METRIC_CONCEPTS: MetricConcept[] = [
  {
    key: 'arr',
    label: 'ARR',
    phrases: ['arr', 'annual recurring revenue', 'annualised recurring revenue', 'run rate'],
    names: ['arr'],
  },
  { key: 'mrr', label: 'MRR', phrases: ['mrr', 'monthly recurring revenue'], names: ['mrr'] },
  {
    key: 'revenue_growth',
    label: 'revenue growth',
    phrases: [
      'revenue growth',
      'growth rate',
      'growth',
      'yoy growth',
      'year on year growth',
      'growing',
      'grow',
      'grew',
    ],
    names: ['revenue_growth'],
  },
  {
    key: 'revenue',
    label: 'revenue',
    phrases: ['revenue', 'revenues', 'sales', 'turnover', 'top line'],
    names: ['revenue'],
  },
  {
    key: 'gross_margin',
    label: 'gross margin',
    phrases: ['gross margin', 'gross margins', 'margin', 'margins', 'gm'],
    names: ['gross_margin'],
  },
  { key: 'ebitda', label: 'EBITDA', phrases: ['ebitda'], names: ['ebitda'] },
  {
    key: 'net_income',
    label: 'net income',
    phrases: ['net income', 'net profit', 'profit', 'net loss'],
    names: ['net_income'],
  },
  {
    key: 'burn',
    label: 'monthly burn',
    phrases: ['burn rate', 'monthly burn', 'net burn', 'cash burn', 'burn', 'burning'],
    names: ['monthly_burn', 'net_burn'],
  },
  {
    key: 'cash',
    label: 'cash',
    phrases: ['cash balance', 'cash position', 'cash in the bank', 'bank balance', 'cash'],
    names: ['cash'],
  },
  {
    key: 'runway',
    label: 'runway',
    phrases: ['runway', 'months of cash', 'cash runway'],
    names: ['runway_months'],
    calculation: 'runway',
  },
  {
    key: 'churn',
    label: 'monthly churn',
    phrases: ['churn rate', 'monthly churn', 'churn', 'logo churn'],
    names: ['monthly_churn'],
  },
  {
    key: 'nrr',
    label: 'net revenue retention',
    phrases: ['net revenue retention', 'net dollar retention', 'net retention', 'nrr', 'ndr'],
    names: ['net_revenue_retention'],
  },
  {
    key: 'cac_payback',
    label: 'CAC payback',
    phrases: ['cac payback', 'payback period', 'payback'],
    names: ['cac_payback_months'],
    calculation: 'cac_payback',
  },
  {
    key: 'ltv_cac',
    label: 'LTV/CAC',
    phrases: ['ltv cac', 'ltv to cac', 'ltv', 'lifetime value'],
    names: ['ltv_cac'],
    calculation: 'ltv_cac',
  },
  {
    key: 'headcount',
    label: 'headcount',
    phrases: ['headcount', 'employees', 'employee count', 'staff', 'team size', 'people'],
    names: ['employee_count', 'headcount'],
  },
  {
    key: 'customers',
    label: 'customers',
    phrases: ['customers', 'customer count', 'clients'],
    names: ['customers'],
  },
  {
    key: 'last_round',
    label: 'last round',
    phrases: ['last round', 'last funding', 'last raise', 'funding round', 'raised'],
    names: ['last_round_amount', 'last_round'],
  },
  { key: 'valuation', label: 'valuation', phrases: ['valuation', 'valued'], names: ['valuation'] },
  {
    key: 'total_debt',
    label: 'total debt',
    phrases: ['total debt', 'debt', 'borrowings', 'leverage'],
    names: ['total_debt'],
  },
  {
    key: 'capex',
    label: 'capital expenditure',
    phrases: ['capital expenditure', 'capex'],
    names: ['capital_expenditure'],
  },
];

/** What "financial status" or "metrics" means when no metric is named. */
export const HEADLINE_METRICS = [
  'arr',
  'revenue',
  'revenue_growth',
  'gross_margin',
  'burn',
  'cash',
  'runway',
];

export const CALCULATION_PHRASES: Record<TCalculation, string[]> = {
  burn_multiple: ['burn multiple'],
  runway: ['runway calculation', 'calculate runway', 'calculate the runway', 'compute runway'],
  rule_of_40: ['rule of 40', 'rule of forty', 'rule-of-40', 'ro40'],
  ltv_cac: ['ltv cac', 'ltv to cac', 'ltv cac ratio', 'ltv over cac'],
  cac_payback: ['cac payback', 'payback period'],
  debt_service_coverage: ['debt service coverage', 'dscr', 'debt service cover', 'debt coverage'],
  facility_sizing: [
    'size a facility',
    'size the facility',
    'facility size',
    'facility sizing',
    'size a loan',
    'loan size',
    'how much can we lend',
    'how much should we lend',
    'how much could we lend',
    'how big a facility',
    'how large a facility',
    'facility amount',
    'size a debt facility',
    'size a venture debt facility',
  ],
  // Only ever asked with the figures in the question ("15% of €4M"): find-given-figures.ts.
  percentage_of: [],
};

export const CALCULATION_LABELS: Record<TCalculation, string> = {
  burn_multiple: 'burn multiple',
  runway: 'runway',
  rule_of_40: 'Rule-of-40 score',
  ltv_cac: 'LTV/CAC',
  cac_payback: 'CAC payback',
  debt_service_coverage: 'debt service coverage (DSCR)',
  facility_sizing: 'facility sizing',
  percentage_of: 'share',
};

/** Document types as people name them (contracts DOCUMENT_TYPES). */
export const DOCUMENT_TYPE_PHRASES: Record<string, string[]> = {
  term_sheet: ['term sheet', 'term sheets', 'termsheet'],
  pitch_deck: ['pitch deck', 'deck', 'pitch'],
  financial_model: ['financial model', 'model', 'forecast', 'projections'],
  financial_statements: [
    'financial statements',
    'financials',
    'accounts',
    'management accounts',
    'balance sheet',
    'p&l',
    'profit and loss',
  ],
  annual_report: ['annual report', 'annual reports', '10-k', '10k'],
  legal_agreement: ['legal agreement', 'loan agreement', 'facility agreement', 'contract', 'agreement'],
  board_report: ['board report', 'board pack', 'board deck', 'board minutes', 'investor update'],
};

/** The documents a lender expects in a deal room before IC, with why (missing-documents question). */
export const EXPECTED_DOCUMENTS: { type: string; label: string; why: string }[] = [
  {
    type: 'financial_statements',
    label: 'financial statements',
    why: 'audited or management accounts back revenue, burn and cash',
  },
  {
    type: 'financial_model',
    label: 'financial model',
    why: 'the forecast behind runway and repayment capacity',
  },
  { type: 'pitch_deck', label: 'pitch deck', why: 'the business, market and team' },
  { type: 'board_report', label: 'board report', why: 'the latest trading and KPIs' },
  { type: 'term_sheet', label: 'term sheet', why: 'the proposed facility terms' },
  { type: 'legal_agreement', label: 'legal agreement', why: 'the facility documentation' },
];

/** Thesis-style sector words people use, mapped to how the data usually spells them. */
export const SECTOR_PHRASES: Record<string, string[]> = {
  FinTech: ['fintech', 'fin tech', 'financial technology', 'payments', 'banking'],
  SaaS: ['saas', 'software'],
  'Climate Tech': ['climate tech', 'climatetech', 'climate', 'cleantech', 'energy transition'],
  HealthTech: ['healthtech', 'health tech', 'healthcare', 'digital health', 'medtech'],
  Cybersecurity: ['cybersecurity', 'cyber security', 'security'],
  'AI/ML': ['ai', 'artificial intelligence', 'machine learning', 'ml'],
  'E-commerce': ['e-commerce', 'ecommerce', 'retail'],
  Logistics: ['logistics', 'supply chain'],
  EdTech: ['edtech', 'education'],
  Biotech: ['biotech', 'life sciences'],
};
