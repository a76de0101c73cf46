import { AMOUNT_SCALE_WORDS } from '@atempo/contracts';

/**
 * The figures a question supplies itself ("if revenue is €2M and burn €150k a month, what runway",
 * "what is 15% of €4M"), each named by the calculation input its words label: the calculation is
 * then worked out from these, with no company needed and nothing read from stored data.
 */

export interface GivenFigure {
  /** The calculation input it was labelled as (cash, monthly_burn…), or null when unlabelled. */
  input: string | null;
  value: number;
  /** As written in the question ("€2M"), for saying back. */
  text: string;
  percent: boolean;
}

export interface GivenFigures {
  figures: GivenFigure[];
  /** "15% of €4M": a percentage of an amount, both given. */
  percentOf: { percent: GivenFigure; amount: GivenFigure } | null;
}

const SCALES = Object.keys(AMOUNT_SCALE_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const FIGURE = new RegExp(
  String.raw`(?<![\w.])(?<currency>[€£$]|(?:eur|gbp|usd)\s?)?(?<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(?<scale>${SCALES})\b)?(?<unit>\s?%| percent\b)?`,
  'gi',
);

/** Input labels, longest first so "net new arr" wins over "arr", "gross margin" over "margin". */
const LABELS: [RegExp, string][] = [
  [/net new arr/, 'net_new_arr'],
  [/ebitda margin/, 'ebitda_margin'],
  [/(?:fcf|free cash flow) margin/, 'fcf_margin'],
  [/gross margin/, 'gross_margin'],
  [/cash flow available|operating cash flow/, 'cash_flow_available'],
  [/debt service|debt payments?|interest and principal/, 'debt_service'],
  [/last round|round size|raised|equity round/, 'last_round_amount'],
  [/revenue growth|growth rate|growing|growth/, 'revenue_growth'],
  [/churn/, 'monthly_churn'],
  [/\barpa\b|\barpu\b/, 'arpa'],
  [/\bltv\b|lifetime value/, 'ltv'],
  [/\bcac\b|acquisition cost/, 'cac'],
  [/\bebitda\b/, 'ebitda'],
  [/burn(?:ing|s)?|spend(?:ing|s)?|losing/, 'monthly_burn'],
  [/\bcash\b|in the bank|cash balance|money left|funds/, 'cash'],
  [/\barr\b|annual recurring revenue/, 'arr'],
  [/revenue|sales|turnover/, 'revenue'],
];

/** Words between two figures, at most this many, may label the one after them. */
const LABEL_REACH = 5;

export function findGivenFigures(original: string): GivenFigures {
  const written = original.normalize('NFKC');
  const text = written.toLowerCase();
  const matches = [...text.matchAll(FIGURE)].filter((match) => {
    const groups = match.groups ?? {};
    // A bare small number with no currency, scale or unit is a count or a period, not an input.
    return (
      Boolean(groups.currency || groups.scale || groups.unit) && !/^(?:19|20)\d\d$/.test(match[0].trim())
    );
  });
  const figures: GivenFigure[] = matches.map((match, i) => {
    const groups = match.groups ?? {};
    const number = Number((groups.number ?? '').replaceAll(',', ''));
    const scale = groups.scale ? (AMOUNT_SCALE_WORDS[groups.scale.toLowerCase()] ?? 1) : 1;
    const percent = Boolean(groups.unit);
    const start = match.index ?? 0;
    const previousEnd = i > 0 ? (matches[i - 1]!.index ?? 0) + matches[i - 1]![0].length : 0;
    const before = text.slice(previousEnd, start).split(/\s+/).filter(Boolean).slice(-LABEL_REACH).join(' ');
    const nextStart = i + 1 < matches.length ? (matches[i + 1]!.index ?? text.length) : text.length;
    const after = text
      .slice(start + match[0].length, nextStart)
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 3)
      .join(' ');
    // "burn €150k", "revenue is €2M" (label before), else "€2M of cash", "€150k burn" (after).
    const label =
      labelOf(before) ?? labelOf(after.replace(/^(?:of|in|a|per|each|every|month|year)\b\s*/g, ''));
    const negative = text[start - 1] === '-' || /\b(?:minus|negative)\s*$/.test(text.slice(0, start));
    let value = (negative ? -1 : 1) * (percent ? number / 100 : number * scale);
    // "€1.8M a year of burn": the calculations read burn per month.
    if (label === 'monthly_burn' && /\b(?:a|per|each) year\b|\bannual/.test(`${before} ${after}`))
      value /= 12;
    return { input: label, value, text: written.slice(start, start + match[0].length).trim(), percent };
  });
  let percentOf: GivenFigures['percentOf'] = null;
  for (let i = 0; i + 1 < matches.length; i++) {
    const between = text.slice((matches[i]!.index ?? 0) + matches[i]![0].length, matches[i + 1]!.index ?? 0);
    if (
      figures[i]!.percent &&
      !figures[i + 1]!.percent &&
      /^\s*(?:[a-z-]+\s+){0,3}?(?:of|on)\s+(?:an?\s+|the\s+)?$/.test(between)
    ) {
      percentOf = { percent: figures[i]!, amount: figures[i + 1]! };
      break;
    }
  }
  return { figures, percentOf };
}

function labelOf(words: string): string | null {
  let best: { input: string; end: number; length: number } | null = null;
  for (const [pattern, input] of LABELS) {
    const found = [...words.matchAll(new RegExp(pattern.source, 'g'))].at(-1);
    if (!found) continue;
    const end = (found.index ?? 0) + found[0].length;
    // The label nearest the figure wins ("revenue of €2M and burn" labels the second figure burn);
    // of two ending at the same word, the longer ("net new arr" over "arr").
    if (best === null || end > best.end || (end === best.end && found[0].length > best.length))
      best = { input, end, length: found[0].length };
  }
  return best?.input ?? null;
}

/** The inputs given, by name (the first figure labelled with an input wins). */
export function givenInputs(given: GivenFigures): Record<string, number> {
  const inputs: Record<string, number> = {};
  for (const figure of given.figures) {
    if (figure.input && !(figure.input in inputs)) inputs[figure.input] = figure.value;
  }
  return inputs;
}
