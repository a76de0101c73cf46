/**
 * The amount a funding headline says was raised: "€12.5m", "£3 million", "$1.2bn", "EUR 40M",
 * "12 million euros", "€500k". Reads numbers with the analyst's amount reader (one parser for the
 * whole product) and picks the one that is the round, not a valuation, revenue or a fund size.
 */
import { findAmounts, type ParsedAmount } from '../analyst/amounts.ts';

export interface RaisedAmount {
  /** In `currency`, scale applied: "€12.5m" → 12_500_000. */
  value: number;
  /** ISO code. */
  currency: string;
  /** The characters read, as printed. */
  text: string;
}

/** Currencies a funding round is read in: the spec's € £ $ and their codes, and the others the FX table has. */
const ROUND_CURRENCIES = new Set([
  'EUR',
  'GBP',
  'USD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'JPY',
  'CAD',
  'AUD',
]);

/** Words just before or after an amount that make it something other than the round. */
const NOT_THE_ROUND_BEFORE =
  /(valu(?:ed|ation)(?: of)?|worth|revenues?|ARR|turnover|sales|GMV|fund(?: size)?|previously raised|total(?:ling)? funding(?: to)?|bringing (?:its )?total(?: funding)?(?: raised)?(?: to)?|takes? (?:its )?total(?: funding)?(?: to)?)\s*(?:(?:of|at)\s*)?(?:about|around|roughly|nearly|almost|over|more than|some)?\s*$/i;
/**
 * A valuation stated earlier in the same clause: "valuing it at", "values the company at",
 * "doubles its valuation to", "at a valuation north of". The clause ends at a comma, a full stop or
 * another amount, so "valued at $1B, Kora raises $100M" still reads the $100M.
 */
const VALUATION_IN_CLAUSE = /\bvalu(?:e|es|ed|ing|ations?)\b[^,;.!?$€£¥]*$/i;
/** A running total stated earlier in the clause: "total funding reaches $250M", "in total $40M". */
const TOTAL_IN_CLAUSE = /\b(?:total|in all|to date|cumulative)\b[^,;.!?$€£¥]*$/i;
const NOT_THE_ROUND_AFTER =
  /^\s*(?:(?:\+|-?plus)?\s*(?:(?:pre|post)[\s-]money\s+)?(?:valuation|valued|-valued|unicorn|decacorn|market (?:cap|value))|in (?:annual |recurring |monthly )?(?:revenue|sales|bookings|GMV|loans|deposits|assets|payments|transactions)|in total funding|to date|so far|in total|in all\b|(?:of )?(?:AUM|assets under management|under management)|ARR|revenue|fund\b|total|(?:purchase|acquisition|deal|takeover|buyout|fine|settlement|contract|order|tariffs?)\b)/i;

function isRoundCandidate(a: ParsedAmount, text: string): boolean {
  if (!a.currency || !ROUND_CURRENCIES.has(a.currency) || a.percent || a.multiple) return false;
  if (!(a.value > 0)) return false;
  // "$5" in "raises prices by $5" is not a round: a round is written with a scale or is at least 10,000.
  if (a.scale === null && a.value < 10_000) return false;
  const before = text.slice(Math.max(0, a.index - 60), a.index);
  const after = text.slice(a.index + a.text.length, a.index + a.text.length + 30);
  if (NOT_THE_ROUND_BEFORE.test(before) || VALUATION_IN_CLAUSE.test(before) || TOTAL_IN_CLAUSE.test(before))
    return false;
  return !NOT_THE_ROUND_AFTER.test(after);
}

/** Right after a past raise: "which raised $5M in 2024", "after raising $100M". */
const AFTER_PAST_RAISE =
  /\b(?:which|that|who|after|since|having|once)\s+(?:has\s+|had\s+|just\s+|recently\s+|previously\s+)*(?:raised|raising|secured|securing|closed|landed)\s*(?:about|around|over|more than|nearly)?\s*$/i;

/**
 * The round's amount in one piece of text, or null when it names none. An amount in a past-raise
 * clause ("Kelpie, which raised $5M in 2024, raises $20M") gives way to another; it is the round
 * only when it is the one there is ("valued at $1B after raising $100M").
 */
export function findRaisedAmount(text: string): RaisedAmount | null {
  let past: ParsedAmount | null = null;
  for (const a of findAmounts(text)) {
    if (!isRoundCandidate(a, text)) continue;
    if (AFTER_PAST_RAISE.test(text.slice(Math.max(0, a.index - 40), a.index))) {
      past ??= a;
      continue;
    }
    return { value: roundCents(a.value), currency: a.currency!, text: a.text };
  }
  return past ? { value: roundCents(past.value), currency: past.currency!, text: past.text } : null;
}

/** Floating-point scale products ("1.2bn" → 1200000000.0000002) back to whole cents. */
function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}
