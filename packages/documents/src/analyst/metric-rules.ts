/**
 * What each key metric looks like in a document: the row labels of tables (with how sure a label
 * makes us), the statements it belongs to, and the phrases of running text that state it.
 * Labels are matched after normalising (lower case, footnote marks and unit brackets removed).
 */
import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';

export type MetricUnit = TKeyMetric['unit'];

export interface LabelRule {
  re: RegExp;
  /** 1–10: how surely this label names the metric. */
  score: number;
}

export interface MetricRule {
  name: TKeyMetricName;
  unit: MetricUnit;
  labels: LabelRule[];
  /** Labels that look close but are something else. */
  exclude?: RegExp;
  /** Headings (page or sheet titles) of the statement the figure belongs to. */
  section?: RegExp;
  /** Running-text phrases; the amount stands right after (or just before) the phrase. */
  phrases?: RegExp;
  /** Phrases that, in the same sentence, make a text figure something else (a target, a covenant). */
  phraseExclude?: RegExp;
  /** A text figure needs one of these in its sentence (e.g. "monthly" for churn). */
  phraseRequire?: RegExp;
  /** Report the absolute value (capex, burn are outflows whatever the sign convention). */
  absolute?: boolean;
}

const INCOME =
  /statements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings|profit|comprehensive\s+(?:loss|income))|income\s+statements?|profit\s+(?:and|&)\s+loss|\bp\s?&\s?l\b|results?\s+of\s+operations|statements?\s+of\s+comprehensive/i;
const BALANCE =
  /balance\s+sheets?|statements?\s+of\s+(?:consolidated\s+)?financial\s+(?:position|condition)|financial\s+condition/i;
const CASHFLOW =
  /statements?\s+of\s+(?:consolidated\s+)?cash\s+flows?|cash\s+flows?\s+statement|cash\s+flow/i;
const KPI = /kpis?|metrics|traction|highlights|dashboard|key\s+figures|saas/i;

/** Figures stated as goals, plans, covenant thresholds or market sizes are not the company's actuals. */
const NOT_ACTUAL =
  /\b(?:target(?:s|ed|ing)?|goal|aim(?:s|ing)?|plan(?:s|ned)?|forecast|projected|projection|expected?|expects|will|would|budget(?:ed)?|pipeline|TAM|SAM|SOM|market\s+(?:size|opportunity)|minimum|covenant|at\s+least|not\s+less\s+than|no\s+less\s+than|threshold|up\s+to|by\s+(?:the\s+)?end\s+of|by\s+(?:20\d\d|Q[1-4]))\b/i;

export const METRIC_RULES: MetricRule[] = [
  {
    name: 'revenue',
    unit: 'currency',
    labels: [
      { re: /^total (?:net )?revenues?(?:,? net)?(?: net of interest expense)?$/, score: 10 },
      { re: /^total (?:net )?(?:operating )?revenues?$/, score: 10 },
      { re: /^total net sales$/, score: 10 },
      { re: /^(?:net )?revenues?$/, score: 9 },
      { re: /^(?:net )?(?:operating )?revenues?,? net$/, score: 9 },
      { re: /^(?:net )?sales(?:,? net)?$/, score: 9 },
      { re: /^(?:total )?(?:turnover|revenue from contracts with customers)$/, score: 9 },
      { re: /^total revenue and other income$/, score: 6 },
      { re: /^interest and fee income on finance receivables$/, score: 5 },
    ],
    exclude: /cost|deferred|per |unearned|growth|%|margin|backlog|recogni|share|mix/,
    section: INCOME,
    phrases:
      /(?<!recurring\s)(?<!cost\s+of\s)\b(?:revenues?|turnover)\b(?!\s+(?:growth|per|share|model|multiple|run[- ]rate|streams?|mix))/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'arr',
    unit: 'currency',
    labels: [
      { re: /^(?:total |ending )?arr$/, score: 10 },
      { re: /^annual(?:ised|ized)? recurring revenues?$/, score: 10 },
    ],
    exclude: /growth|%|new|churn/,
    section: KPI,
    phrases: /\b(?:ARR|annual(?:ised|ized)?\s+recurring\s+revenues?)\b(?!\s+growth)/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'mrr',
    unit: 'currency',
    labels: [
      { re: /^(?:total |ending )?mrr$/, score: 10 },
      { re: /^monthly recurring revenues?$/, score: 10 },
    ],
    exclude: /growth|%|new|churn/,
    section: KPI,
    phrases: /\b(?:MRR|monthly\s+recurring\s+revenues?)\b(?!\s+growth)/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'revenue_growth',
    unit: 'fraction',
    labels: [
      {
        re: /^(?:yoy |year[- ]over[- ]year |annual )?(?:revenue|arr|sales) growth(?: rate)?(?: %| yoy)?$/,
        score: 9,
      },
      { re: /^(?:yoy|year[- ]over[- ]year) growth(?: %)?$/, score: 7 },
    ],
    section: KPI,
    phrases:
      /\b(?:revenue|sales|ARR)\s+(?:growth|grew|increased|up)(?:\s+(?:of|by|at))?\b|\b(?:YoY|year[- ]over[- ]year)\s+(?:revenue\s+)?growth\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'gross_margin',
    unit: 'fraction',
    labels: [
      { re: /^gross (?:profit )?margin(?: %| percentage| rate)?$/, score: 10 },
      { re: /^gross margin percentage$/, score: 10 },
    ],
    section: INCOME,
    phrases: /\bgross\s+(?:profit\s+)?margins?\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'ebitda',
    unit: 'currency',
    labels: [
      { re: /^ebitda$/, score: 10 },
      { re: /^adjusted ebitda$/, score: 9 },
    ],
    exclude: /margin|%/,
    section: INCOME,
    phrases: /\b(?:adjusted\s+)?EBITDA\b(?!\s+margin)/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'net_income',
    unit: 'currency',
    labels: [
      { re: /^net (?:income|earnings|profit)(?: \(loss\))? attributable to (?!non)/, score: 10 },
      { re: /^net (?:loss|\(loss\) income|income \(loss\)) attributable to (?!non)/, score: 10 },
      { re: /^net (?:income|earnings|profit|loss)(?: \(loss\))?$/, score: 9 },
      { re: /^net (?:\(loss\) income|income \(loss\)|loss \(income\))$/, score: 9 },
      { re: /^(?:profit|loss|profit \(loss\)) for the (?:year|period)$/, score: 9 },
      { re: /^(?:annual )?(?:deficit\/surplus|surplus\/deficit|net result)$/, score: 7 },
    ],
    exclude:
      /per share|noncontrolling|non-controlling|minority|before|margin|%|adjust|comprehensive|continuing|discontinued|participating|preferred|available to|common|diluted|basic/,
    section: INCOME,
    phrases: /\bnet\s+(?:income|profit|loss)\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'net_burn',
    unit: 'currency',
    labels: [{ re: /^(?:monthly )?(?:net )?(?:cash )?burn(?: rate)?(?: \/ month| per month)?$/, score: 10 }],
    section: KPI,
    phrases: /\b(?:net\s+burn|burn\s+rate|monthly\s+burn|cash\s+burn|burning)\b|\bburn(?=\s*:)/i,
    phraseExclude: /\b(?:annual|per\s+year|yearly)\b|\btarget|\bplan|\bforecast|\bwill\b|\bexpected?\b/i,
    absolute: true,
  },
  {
    name: 'cash',
    unit: 'currency',
    labels: [
      { re: /^total cash and cash equivalents$/, score: 10 },
      { re: /^cash and cash equivalents$/, score: 10 },
      { re: /^cash (?:and|&) equivalents$/, score: 10 },
      { re: /^cash and due from banks$/, score: 8 },
      { re: /^cash(?: at bank)?(?: and (?:in hand|on hand))?$/, score: 8 },
      { re: /^(?:closing )?cash balance$/, score: 7 },
      { re: /^closing cash(?: balance)?$/, score: 7 },
      {
        re: /^cash(?: and cash equivalents)?,? (?:at )?end of (?:the )?(?:period|year|month|quarter)$/,
        score: 6,
      },
    ],
    exclude:
      /restricted|flow|used|provided|paid|beginning|opening|increase|decrease|change|per |received|interest|dividend|segregated|pledged/,
    section: BALANCE,
    phrases:
      /\bcash\s+(?:in\s+(?:the\s+)?bank|balance|position|on\s+hand|at\s+bank|reserves)\b|\bcash\s+and\s+cash\s+equivalents\s+(?:of|were|was|stood|totall?ed)\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'runway_months',
    unit: 'months',
    labels: [{ re: /^(?:cash )?runway(?: \(months\)| in months| months)?$/, score: 10 }],
    section: KPI,
    phrases: /\brunway\b/i,
    phraseExclude:
      /\b(?:target|goal|after\s+(?:the|this)\s+(?:round|raise|facility)|post[- ](?:money|raise|round)|with\s+(?:the|this)\s+(?:raise|round|facility|funding))\b/i,
  },
  {
    name: 'headcount',
    unit: 'count',
    labels: [
      {
        re: /^(?:total )?(?:headcount|employees|ftes?|full[- ]time employees|number of employees|team size)$/,
        score: 10,
      },
      // A model's staffing table: "Total staff", "Total teaching staff" (one staff group's total).
      { re: /^total (?:[a-z]+ )?(?:staff|personnel|workforce)(?: \(ftes?\))?$/, score: 6 },
    ],
    phrases:
      /\b(?:employees|headcount|FTEs?|full[- ]time\s+staff|team\s+members|staff)\b|\bteam(?=\s+of\s+\d)/i,
    phraseExclude:
      /\b(?:hire|hiring|plan|target|will|per\s+employee|customers?\s+with|companies\s+with|more\s+than\s+\d+\s+employees|over\s+\d+\s+employees|fewer\s+than|less\s+than|up\s+to)\b/i,
  },
  {
    name: 'customers',
    unit: 'count',
    labels: [
      { re: /^(?:total |number of |# of |active |paying )?(?:customers|clients|logos)$/, score: 10 },
      // Who pays an education or membership business: enrolled students, subscribers, members.
      {
        re: /^(?:total |number of |# of |active |paying )?(?:enrol?ments|enrolled students|subscribers|paying members)$/,
        score: 7,
      },
    ],
    exclude: /per |revenue|%|churn|new|lost/,
    section: KPI,
    phrases:
      /(?<!top\s)(?<!largest\s)\b(?:paying\s+|active\s+|enterprise\s+|B2B\s+)?(?:customers|clients|logos)\b/i,
    phraseExclude:
      /\b(?:target|goal|plan|will|pipeline|top\s+\d+|largest|concentration|%\s+of|per\s+customer|potential|prospects?|addressable)\b/i,
  },
  {
    name: 'monthly_churn',
    unit: 'fraction',
    labels: [{ re: /^monthly (?:customer |logo |revenue |gross )?churn(?: rate)?(?: %)?$/, score: 10 }],
    section: KPI,
    phrases: /\b(?:customer\s+|logo\s+|revenue\s+|gross\s+)?churn(?:\s+rate)?\b/i,
    phraseRequire: /\bmonthly\b|per\s+month|\/\s?month|\bMoM\b|a\s+month/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'net_revenue_retention',
    unit: 'fraction',
    labels: [{ re: /^(?:net (?:revenue|dollar) retention|nrr|ndr)(?: rate)?(?: %)?$/, score: 10 }],
    section: KPI,
    phrases: /\b(?:net\s+(?:revenue|dollar)\s+retention(?:\s+rate)?|NRR|NDR)\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'cac_payback_months',
    unit: 'months',
    labels: [{ re: /^cac payback(?: period)?(?: \(months\)| months)?$/, score: 10 }],
    section: KPI,
    phrases: /\bCAC\s+payback(?:\s+period)?\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'ltv_cac',
    unit: 'ratio',
    labels: [{ re: /^ltv ?(?:\/|:|to) ?cac(?: ratio)?$/, score: 10 }],
    section: KPI,
    phrases: /\bLTV\s?(?:\/|:|to)\s?CAC(?:\s+ratio)?\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'last_round',
    unit: 'currency',
    labels: [{ re: /^(?:last|latest|most recent) (?:funding )?round(?: size| amount)?$/, score: 9 }],
    // A round needs its round words: "raised $2M" alone, or a monthly revenue next to "raised", is no round.
    phrases:
      /\b(?:(?:pre-)?seed\s+round|series\s+(?:seed|[a-f])\b(?:\s+round)?|last\s+(?:funding\s+)?round|funding\s+round|(?:seed|angel)\s+(?:investment|financing|funding))\b/i,
    phraseExclude:
      /\b(?:raising|to\s+raise|seeking|looking\s+for|the\s+ask|use\s+of\s+funds|target|plan|will|market|competitors?|monthly|per\s+month|revenues?|billing|MRR|ARR|sales)\b/i,
  },
  {
    name: 'valuation',
    unit: 'currency',
    labels: [{ re: /^(?:pre-money |post-money )?valuation$/, score: 9 }],
    phrases: /\b(?:pre-money|post-money)(?:\s+valuation)?\b|\bvaluation\b/i,
    phraseExclude: /\b(?:target|expected|seeking|cap\b|market|comparables?|peers?|multiple)\b/i,
  },
  {
    name: 'total_debt',
    unit: 'currency',
    labels: [
      { re: /^total (?:debt|borrowings|indebtedness|loans and borrowings|financial debt)$/, score: 10 },
      { re: /^total debt(?:,? net)?(?: \(including current portion\))?$/, score: 9 },
    ],
    exclude: /%|ratio|to equity|to ebitda|net debt/,
    phrases: /\b(?:total\s+debt|total\s+borrowings|outstanding\s+debt|total\s+indebtedness)\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'capital_expenditure',
    unit: 'currency',
    labels: [
      { re: /^capital expenditures?(?: \(.*\))?$/, score: 10 },
      { re: /^capex$/, score: 10 },
      {
        re: /^(?:purchases?|acquisitions?|additions?|payments?) (?:of|to|for) property,? (?:plant,? )?(?:and|&) equipment(?:,? net)?$/,
        score: 9,
      },
      { re: /^(?:purchases?|acquisitions?|additions?) of (?:fixed|tangible) assets$/, score: 8 },
    ],
    exclude: /proceeds|sale|disposal|accrued|unpaid|%|depreciation/,
    section: CASHFLOW,
    phrases: /\b(?:capex|capital\s+expenditures?)\b/i,
    phraseExclude: NOT_ACTUAL,
    absolute: true,
  },
  {
    name: 'operating_cash_flow',
    unit: 'currency',
    labels: [
      {
        re: /^(?:total |net )?cash (?:flows? )?(?:provided by|from|generated (?:by|from)|(?:provided by|from) \(used in\)|\(used in\) provided by|provided by \(used for\)|used in) operating activities(?:,? net)?$/,
        score: 10,
      },
      { re: /^net cash (?:from|provided by) operations$/, score: 9 },
      { re: /^(?:net )?operating cash flows?$/, score: 9 },
    ],
    exclude: /%|per |margin|continuing operations? and|discontinued/,
    section: CASHFLOW,
    phrases: /\b(?:operating\s+cash\s+flow|cash\s+(?:provided\s+by|from)\s+operating\s+activities)\b/i,
    phraseExclude: NOT_ACTUAL,
  },
  {
    name: 'total_assets',
    unit: 'currency',
    labels: [{ re: /^total assets$/, score: 10 }],
    exclude: /%|per |return|average|segment|held for sale/,
    section: BALANCE,
  },
];

export const SECTION_PATTERNS = { INCOME, BALANCE, CASHFLOW, KPI };

/** The primary statements' own titles ("Consolidated Statements of Income"), stronger than a mention. */
export const STATEMENT_TITLE =
  /statements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings|financial\s+(?:position|condition)|cash\s+flows?|profit)|balance\s+sheets?/i;

/** A label as rules read it: lower case, no footnote marks "(a)" "(1)", no unit brackets "(€k)", no trailing colon. */
export function normaliseLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\((?:[a-z]|\d{1,2}|[ivx]+)\)/g, ' ')
    .replace(
      /\((?:in\s+)?(?:[$€£]|eur|usd|gbp|chf)?\s?'?(?:000s?|k|m|mm|mn|bn|thousands?|millions?|months?|#|%|x)\)/g,
      (m) => (m.includes('%') ? ' %' : m.includes('month') ? ' (months)' : ' '),
    )
    .replace(/[*†‡]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[\s:.—–-]+$/, '')
    .replace(/^[\s•·\-–—]+/, '')
    .trim();
}
