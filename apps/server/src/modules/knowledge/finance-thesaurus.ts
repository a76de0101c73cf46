/**
 * A small curated thesaurus of how filings, statements and models name what a lender asks about
 * (issue 18 §6): a question says "capex", the cash-flow statement says "Purchases of property and
 * equipment"; a question says "balance sheet", a bank's filing says "statement of financial
 * condition". At query time a phrase of the question that names one of these concepts becomes one
 * search term whose alternatives are the concept's phrasings (any of them counts as the term).
 *
 * Three kinds of entry:
 * - the same figure under another name (revenue ↔ net sales, net income ↔ net earnings);
 * - the same statement under another title (balance sheet ↔ statement of financial position);
 * - a measure a reader computes from printed lines (operating margin, quick ratio, free cash
 *   flow, capital intensity): its alternatives are the lines a filing prints to compute it.
 *
 * A statement's title is its own concept, found only when the question names the statement: were
 * it an alternative of every figure, prose mentioning "the balance sheet" would count as the figure.
 *
 * Generic accounting vocabulary only: no company, no document. Phrases are matched on whole words,
 * lower case; the longest phrase of the question wins.
 */

interface Concept {
  /** How a question may name it. */
  asked: string[];
  /** How a document may print it (the asked forms are searched too). */
  printed: string[];
  /**
   * The statement that prints the figure: its titles rank a passage higher (they never decide
   * which passages are found), since a figure is first of all a line of its statement.
   */
  statement?: string[];
  /** The concept is a statement's title ("balance sheet"), not a figure. */
  title?: boolean;
}

const REVENUE_LINES = [
  'total revenue',
  'total revenues',
  'net revenue',
  'net revenues',
  'net sales',
  'total net sales',
];
const OPERATING_INCOME_LINES = [
  'operating income',
  'income from operations',
  'operating profit',
  'operating loss',
];
const CAPEX_LINES = [
  'capital expenditure',
  'capital expenditures',
  'capex',
  'purchases of property and equipment',
  'purchases of property, plant and equipment',
  'additions to property and equipment',
  'additions to property, plant and equipment',
  'payments for property and equipment',
];
const PPE_LINES = ['property and equipment', 'property, plant and equipment', 'fixed assets'];
const OPERATING_CASH_LINES = [
  'operating cash flow',
  'net cash provided by operating activities',
  'cash provided by operating activities',
  'cash flows from operating activities',
  'cash from operations',
];
const BALANCE_SHEET = [
  'balance sheet',
  'statement of financial position',
  'statements of financial position',
  'statement of financial condition',
  'statements of financial condition',
];
const INCOME_STATEMENT = [
  'income statement',
  'statement of income',
  'statements of income',
  'statement of operations',
  'statements of operations',
  'statement of earnings',
  'statements of earnings',
  'profit and loss',
];
const CASH_FLOW_STATEMENT = ['cash flow statement', 'statement of cash flows', 'statements of cash flows'];
const CURRENT_LINES = [
  'total current assets',
  'total current liabilities',
  'current assets',
  'current liabilities',
];

const CONCEPTS: Concept[] = [
  {
    asked: ['revenue', 'revenues', 'sales', 'top line', 'turnover'],
    printed: REVENUE_LINES,
    statement: INCOME_STATEMENT,
  },
  {
    asked: ['net income', 'net earnings', 'net profit', 'bottom line'],
    printed: ['net income', 'net earnings', 'net profit', 'net loss', 'profit for the year'],
    statement: INCOME_STATEMENT,
  },
  {
    asked: ['operating income', 'income from operations', 'operating profit', 'ebit'],
    printed: OPERATING_INCOME_LINES,
    statement: INCOME_STATEMENT,
  },
  {
    asked: ['operating margin', 'operating margins'],
    printed: [...OPERATING_INCOME_LINES, ...REVENUE_LINES],
    statement: INCOME_STATEMENT,
  },
  {
    asked: ['gross margin', 'gross margins', 'gross profit'],
    printed: ['gross profit', 'gross margin', 'cost of revenue', 'cost of sales', 'cost of goods sold'],
    statement: INCOME_STATEMENT,
  },
  {
    asked: ['ebitda', 'adjusted ebitda'],
    printed: ['ebitda', 'adjusted ebitda', 'depreciation and amortization'],
  },
  {
    asked: ['capital expenditure', 'capital expenditures', 'capex', 'capital spending'],
    printed: CAPEX_LINES,
    statement: CASH_FLOW_STATEMENT,
  },
  {
    asked: ['pp&e', 'ppe', 'ppne', 'fixed assets', 'fixed asset', 'property and equipment'],
    printed: PPE_LINES,
    statement: BALANCE_SHEET,
  },
  {
    asked: ['capital intensive', 'capital-intensive', 'capital intensity'],
    printed: [...CAPEX_LINES, ...PPE_LINES, 'total assets'],
    statement: BALANCE_SHEET,
  },
  {
    asked: ['free cash flow', 'free cashflow', 'fcf'],
    printed: [...OPERATING_CASH_LINES, ...CAPEX_LINES],
    statement: CASH_FLOW_STATEMENT,
  },
  {
    asked: ['operating cash flow', 'cash from operations', 'cash flow from operations'],
    printed: OPERATING_CASH_LINES,
    statement: CASH_FLOW_STATEMENT,
  },
  {
    asked: ['cash', 'cash position', 'cash balance'],
    printed: ['cash and cash equivalents', 'cash and equivalents', 'cash and due from banks'],
    statement: BALANCE_SHEET,
  },
  {
    asked: ['debt', 'borrowings', 'indebtedness', 'total debt', 'leverage'],
    printed: [
      'total debt',
      'long-term debt',
      'short-term debt',
      'borrowings',
      'notes payable',
      'senior notes',
      'debt maturing within one year',
      'credit facility',
    ],
    statement: BALANCE_SHEET,
  },
  {
    asked: ['quick ratio', 'acid test', 'current ratio', 'liquidity', 'working capital'],
    printed: [...CURRENT_LINES, 'working capital', 'quick ratio', 'current ratio'],
    statement: BALANCE_SHEET,
  },
  { asked: ['total assets'], printed: ['total assets'], statement: BALANCE_SHEET },
  {
    asked: ['current assets', 'total current assets'],
    printed: ['total current assets', 'current assets'],
    statement: BALANCE_SHEET,
  },
  {
    asked: ['total liabilities', 'largest liability', 'liabilities'],
    printed: ['total liabilities', 'total current liabilities'],
    statement: BALANCE_SHEET,
  },
  {
    asked: ['effective tax rate', 'tax rate', 'effective income tax rate'],
    printed: [
      'effective tax rate',
      'effective income tax rate',
      'provision for income taxes',
      'income tax provision',
    ],
  },
  { asked: BALANCE_SHEET, printed: BALANCE_SHEET, title: true },
  { asked: INCOME_STATEMENT, printed: INCOME_STATEMENT, title: true },
  { asked: CASH_FLOW_STATEMENT, printed: CASH_FLOW_STATEMENT, title: true },
  {
    asked: ['book value', 'book value per share', 'liquidation value', 'liquidated'],
    printed: [
      'book value per share',
      'tangible book value per share',
      'tbvps',
      "stockholders' equity",
      "shareholders' equity",
    ],
  },
  {
    asked: ['headcount', 'employees', 'employee count', 'workforce', 'staff'],
    printed: ['employees', 'full-time employees', 'headcount', 'workforce'],
  },
  {
    asked: ['ceo', 'chief executive', 'chief executive officer'],
    printed: ['chief executive officer', 'ceo'],
  },
  { asked: ['cfo', 'chief financial officer'], printed: ['chief financial officer', 'cfo'] },
  {
    asked: ['geographies', 'geography', 'geographic', 'regions', 'markets'],
    printed: ['geographic', 'geographical', 'geography', 'region', 'regions'],
  },
  {
    asked: ['retain', 'retention', 'churn', 'attrition'],
    printed: ['retention', 'retain', 'attrition', 'churn'],
  },
  {
    asked: ['dividend', 'dividends'],
    printed: ['dividends declared', 'cash dividend', 'dividend per share', 'dividends paid', 'dividends'],
  },
  {
    asked: ['buyback', 'buybacks', 'share repurchase', 'share repurchases', 'stock repurchase'],
    printed: [
      'share repurchase',
      'repurchases of common stock',
      'stock repurchase program',
      'treasury stock',
    ],
  },
  {
    asked: ['litigation', 'lawsuits', 'legal battles', 'legal proceedings'],
    printed: ['legal proceedings', 'litigation', 'lawsuits', 'legal matters'],
  },
];

/** Words of a question, lower case, as the thesaurus compares them. */
function wordsOf(phrase: string): string[] {
  return phrase.toLowerCase().split(/\s+/).filter(Boolean);
}

const BY_FIRST_WORD = new Map<
  string,
  { words: string[]; alternatives: string[]; statement: string[]; title: boolean }[]
>();
for (const concept of CONCEPTS) {
  const alternatives = [...new Set([...concept.asked, ...concept.printed])];
  for (const asked of concept.asked) {
    const words = wordsOf(asked);
    const first = words[0] ?? '';
    const list = BY_FIRST_WORD.get(first) ?? [];
    list.push({ words, alternatives, statement: concept.statement ?? [], title: concept.title === true });
    BY_FIRST_WORD.set(first, list);
  }
}
for (const list of BY_FIRST_WORD.values()) list.sort((a, b) => b.words.length - a.words.length);

/** One finding: `length` words of the question from `start` name a concept with these phrasings. */
export interface ConceptMatch {
  start: number;
  length: number;
  alternatives: string[];
  /** Titles of the statement printing the figure (ranking only); empty when none. */
  statement: string[];
  /** The phrase names a statement ("balance sheet"), not a figure. */
  title: boolean;
}

/**
 * The concepts named by a sequence of question words (already stripped of punctuation), longest
 * phrase first, without overlaps, in the order of the question.
 */
export function findConcepts(words: string[]): ConceptMatch[] {
  const lower = words.map((w) => w.toLowerCase());
  const out: ConceptMatch[] = [];
  for (let i = 0; i < lower.length; ) {
    const candidates = BY_FIRST_WORD.get(lower[i] ?? '') ?? [];
    const hit = candidates.find((c) => c.words.every((w, j) => lower[i + j] === w));
    if (hit) {
      out.push({
        start: i,
        length: hit.words.length,
        alternatives: hit.alternatives,
        statement: hit.statement,
        title: hit.title,
      });
      i += hit.words.length;
    } else {
      i++;
    }
  }
  return out;
}
