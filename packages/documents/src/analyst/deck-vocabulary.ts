/**
 * The words of pitch decks for the figures a lender reads: what a caption, heading or nearby phrase
 * says a figure is (ARR, MRR, monthly revenue, customers, burn, runway, cash, the raise, the last
 * round, valuation, ...), and whether the deck states it as a forecast. English first, with the few
 * words other European decks use for the same captions (Polish, German, French, Spanish).
 */
import type { TKeyMetricName } from '@atempo/contracts';
import type { MetricUnit } from './metric-rules.ts';

export interface DeckTerm {
  name: TKeyMetricName;
  unit: MetricUnit;
  words: RegExp;
  /** Words that make the caption something else (a market size, a per-unit figure, a growth rate). */
  not?: RegExp;
}

/**
 * Rounds and instruments. "Investment" or "funding" alone is not a round ("$5 billion of investment
 * in 2011", "$1B in state funding"): a company takes or receives an investment.
 */
export const ROUND_WORDS =
  /\b(?:(?:pre-?\s?)?seed|series\s+(?:seed|[a-f])|angel|bridge|round|financing|convertible(?:\s+notes?)?)\b|\b(?:took|takes|received|receives|closed|secured)\s+(?:an?\s+|one\s+|its\s+|our\s+)?(?:\w+\s+)?(?:investment|funding)\b/i;
/** "SAFE" in capitals only: "safe" is an ordinary word. */
const SAFE = /\bSAFEs?\b/;
/** The round being raised now. */
const RAISE_WORDS =
  /\b(?:raising|to\s+raise|we\s+raise|seeking|we\s+seek|the\s+ask|our\s+ask|ask|looking\s+for|required\s+investment|investment\s+required|funding\s+required|round\s+size|szukamy|pozyskujemy|wir\s+suchen|nous\s+levons|lev[ée]e\s+de\s+fonds|buscamos)\b/i;
const NOW_WORDS = /\b(?:now|current(?:ly)?|this\s+round|open|committed|today)\b/i;
/** A round in the past: a date, a lead, or a past verb. */
const PAST_WORDS =
  /\b(?:raised|closed|took|takes|received|led\s+by|previous|prior|last|(?:19|20)\d{2}|jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)\b/i;
const CASH_LEFT =
  /\b(?:left|remaining)\s+(?:from|of|in|after)\b|\bin\s+the\s+bank\b|\bcash\s+(?:left|remaining)\b/i;
/** A figure per subscriber, per seat, on average: unit economics, not the company's totals. */
const PER_UNIT =
  /\/\s*(?:subscriber|user|customer|client|account|unit|seat|site|device|AE|rep|employee)s?\b|\bper\s+(?:subscriber|user|customer|client|account|unit|seat|site|device|AE|rep|employee)s?\b|\bavg\.?(?=\s)|\baverage\b|\bARP[UA]\b/i;
export const MARKET = /\b(?:TAM|SAM|SOM|market|industry|competitors?|spend(?:ing)?|sector)\b/i;

/** Caption words → metric, most specific first. */
export const DECK_TERMS: DeckTerm[] = [
  {
    name: 'arr',
    unit: 'currency',
    words: /\bARR\b|annual(?:ised|ized)?\s+recurring\s+revenues?|\brun[- ]?rate\b/i,
    not: /\badded\b|\bper\s+(?:AE|rep|sales)|\bgrowth\b|\bgrew\b|\bnew\s+ARR\b|\/\s*AE\b/i,
  },
  {
    name: 'mrr',
    unit: 'currency',
    words: /\bMRR\b|monthly\s+recurring\s+revenues?/i,
    not: /\badded\b|\bgrowth\b|\bgrew\b|\bnew\s+MRR\b/i,
  },
  {
    name: 'revenue',
    unit: 'currency',
    words:
      /\brevenues?\b|\bbilling\b|\bturnover\b|\bsales\b|\bprzych[oó]d\w*|\bumsatz\b|chiffre\s+d'affaires/i,
    not: /\bcosts?\b|\bper\s|\bgrowth\b|\bmodels?\b|\bstreams?\b|\bshare\b|\brecurring\b|\brun[- ]?rate\b|\bsales\s+(?:team|cycle|reps?)\b|%/i,
  },
  {
    name: 'net_burn',
    unit: 'currency',
    words: /\bburn(?:\s+rate)?\b|\bburning\b/i,
  },
  {
    name: 'cash',
    unit: 'currency',
    words:
      /\bcash(?:\s+(?:in\s+(?:the\s+)?bank|balance|position|on\s+hand|reserves))?\b|\bin\s+the\s+bank\b|\b(?:left|remaining)\s+(?:from|of|in|after|on)\b/i,
    not: /\bspent\b|\bflow\b|\bburn\b|\bcash[- ]?back\b/i,
  },
  { name: 'runway_months', unit: 'months', words: /\brunway\b/i },
  {
    name: 'customers',
    unit: 'count',
    words: /\b(?:customers|clients|subscribers|logos|paying\s+(?:users|accounts)|active\s+users|users)\b/i,
    not: /\bper\s|%|churn|\bnew\b|target|potential|pipeline|references?|prospects?|onboardings?|\btop\s+\d/i,
  },
  {
    name: 'headcount',
    unit: 'count',
    words: /\b(?:employees|headcount|FTEs?|team\s+(?:members|size)|staff)\b/i,
    not: /\bhire|\bhiring\b|\bper\s/i,
  },
  { name: 'gross_margin', unit: 'fraction', words: /\bgross\s+margins?\b/i },
  {
    // monthly by its words only ("~3% monthly user churn"); "churn in the first 2 months" is another figure
    name: 'monthly_churn',
    unit: 'fraction',
    words: /\bchurn(?:\s+rate)?\b/i,
    not: /\bannual|\byearly|\bfirst\s+\d|\b1st\b|\bcohort/i,
  },
  { name: 'ebitda', unit: 'currency', words: /\bEBITDA\b/i, not: /\bmargins?\b|%|\bmarża\b/i },
  { name: 'net_income', unit: 'currency', words: /\bnet\s+(?:income|profit|loss)\b/i },
  {
    name: 'valuation',
    unit: 'currency',
    words: /\b(?:pre|post)[- ]?money\b|\bvaluation\b/i,
    not: /\bcap\b|\bcomparables?\b|\bpeers?\b|\bmultiples?\b/i,
  },
];

export interface DeckReading {
  name: TKeyMetricName;
  unit: MetricUnit;
  /** Where the words stood in the text read (for nearest-word choice). */
  index: number;
  length: number;
  /** Said in so many words ("raising $10M"), surer than inferred from a layout ("Series A / now / $10M"). */
  explicit?: boolean;
}

/**
 * What a caption or a clause names: the raise or the last round when it speaks of a round, else the
 * metric term nearest the figure (the first in a caption or after the figure, the last before it).
 * `accepts` keeps to the metrics the figure can be (a percent is no amount of money). Null when it
 * names none, or a market, or a per-unit figure.
 */
export function readCaption(
  text: string,
  accepts: (unit: MetricUnit) => boolean = () => true,
  nearest: 'first' | 'last' = 'first',
): DeckReading | null {
  if (MARKET.test(text) || PER_UNIT.test(text)) return null;
  if (accepts('currency')) {
    const money = moneyReading(text);
    if (money) return money;
  }
  let best: DeckReading | null = null;
  for (const term of DECK_TERMS) {
    if (!accepts(term.unit) || term.not?.test(text)) continue;
    const flags = term.words.flags.includes('g') ? term.words.flags : `${term.words.flags}g`;
    const hits = [...text.matchAll(new RegExp(term.words.source, flags))];
    const m = nearest === 'first' ? hits[0] : hits[hits.length - 1];
    if (!m) continue;
    const better = !best || (nearest === 'first' ? m.index < best.index : m.index > best.index);
    if (better) best = { name: term.name, unit: term.unit, index: m.index, length: m[0].length };
  }
  return best;
}

/** Cash left, the raise, the last round: money words that outrank the metric terms. */
function moneyReading(text: string): DeckReading | null {
  // "$1.8m / Left from last seed round": what is left of a round is cash, not the round
  const left = CASH_LEFT.exec(text);
  if (left) return { name: 'cash', unit: 'currency', index: left.index, length: left[0].length };
  const raise = RAISE_WORDS.exec(text);
  if (raise)
    return {
      name: 'raise_amount',
      unit: 'currency',
      index: raise.index,
      length: raise[0].length,
      explicit: true,
    };
  const round = ROUND_WORDS.exec(text) ?? SAFE.exec(text);
  if (!round) return null;
  const at = { unit: 'currency' as const, index: round.index, length: round[0].length };
  // "Series A / now / $10M" is the round being raised; "Series Seed / Sept. 2014 / $3.1M" the last
  if (NOW_WORDS.test(text)) return { name: 'raise_amount', ...at };
  if (PAST_WORDS.test(text) && !/\b(?:monthly|revenue|billing|MRR|ARR|per\s+month)\b/i.test(text))
    return { name: 'last_round', ...at };
  if (/\b(?:convertible|bridge)\b/i.test(round[0]) || SAFE.test(round[0]))
    return { name: 'raise_amount', ...at };
  return null;
}

/** Words that make a figure a forecast, a target or an estimate, not an actual. */
export const PROJECTION_WORDS =
  /\b(?:expected|expects?|projected|projections?|forecasts?|target(?:s|ed)?|goal|plan(?:ned)?|estimated?|estimates|budget(?:ed)?|scenario|prognoz\w*|prognose\w*|pr[ée]vision\w*|previsto|scenariusz\w*|maksymaln\w*|potential|will|by\s+(?:year|20\d\d)|in\s+(?:year\s+\d|\d+\s+years)|year\s+\d|w\s+\d+\s+lata?)\b|\b(?:19|20)\d\d\s?[EFP]\b|['’]\d\d[EF]\b/i;

/** A page title that makes every figure on it a forecast ("Projections", "Financial forecast", "Prognozy finansowe"). */
export const PROJECTION_TITLE =
  /\b(?:projections?|forecasts?|financial\s+plan|outlook|pro\s?forma|prognoz\w*|prognose\w*|pr[ée]visions?)\b/i;

/** A slide about the market ("Market", "Market opportunity", "TAM / SAM / SOM"): its figures are not the company's. */
export const MARKET_TITLE =
  /^\W*(?:the\s+)?market\b|\bmarket\s+(?:size|opportunity|overview|sizing)\b|\bTAM\b|^\W*rynek\b|^\W*markt\b|^\W*march[ée]\b/i;
