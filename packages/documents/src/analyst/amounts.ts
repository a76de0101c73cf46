/**
 * Reading numbers as documents print them: currency symbols and codes before or after, thousands
 * separators, "(1,234)" and "-$1,163,538" negatives, k / m / mm / bn / million suffixes, percents and
 * multiples ("4.2x"). Pure functions; the scale a table states in its header is applied elsewhere.
 */

import { AMOUNT_SCALE_WORDS } from '@atempo/contracts/constants';

/** Currency markers → ISO code. "$" is read as USD: the documents we see use "US$", "A$" or "C$" otherwise. */
const CURRENCY_MARKERS: Record<string, string> = {
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  a$: 'AUD',
  aud: 'AUD',
  c$: 'CAD',
  cad: 'CAD',
  chf: 'CHF',
  sek: 'SEK',
  nok: 'NOK',
  dkk: 'DKK',
  pln: 'PLN',
  jpy: 'JPY',
  '¥': 'JPY',
  '₹': 'INR',
  inr: 'INR',
  'rs.': 'INR',
  zł: 'PLN',
  rs: 'INR',
};

/**
 * Scale words beyond the shared list: Indian crore and lakh (1 crore = 10^7, 1 lakh = 10^5; "₹2.5 Cr",
 * "₹10.54L") and the Polish "mln" / "mld" / "tys." (million, billion, thousand). Crore and lakh are read
 * only next to a rupee amount: a bare "L" or "Cr" after a number is too often something else.
 */
const REGIONAL_SCALES: Record<string, number> = {
  cr: 1e7,
  crore: 1e7,
  crores: 1e7,
  l: 1e5,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  mln: 1e6,
  mld: 1e9,
  tys: 1e3,
};
const RUPEE_SCALES = new Set(['cr', 'crore', 'crores', 'l', 'lakh', 'lakhs', 'lac', 'lacs']);

export function currencyOf(marker: string | undefined | null): string | null {
  if (!marker) return null;
  return CURRENCY_MARKERS[marker.toLowerCase()] ?? null;
}

export function scaleOf(word: string | undefined | null): number | null {
  if (!word) return null;
  const w = word.toLowerCase().replace(/\.$/, '');
  return AMOUNT_SCALE_WORDS[w] ?? REGIONAL_SCALES[w] ?? null;
}

export interface ParsedAmount {
  /** The number as printed, signed, with an explicit suffix (k, m, bn) applied; header scales are not. */
  value: number;
  currency: string | null;
  /** The multiplier of an explicit suffix ("2.4M" → 1e6), null when the number had none. */
  scale: number | null;
  percent: boolean;
  /** "4.2x" */
  multiple: boolean;
  /** The characters that were read, as printed. */
  text: string;
  index: number;
}

const CUR_PRE = String.raw`(?<pre>US\$|A\$|C\$|€|£|\$|¥|₹|Rs\.?|INR|EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|JPY|AUD|CAD)`;
const CUR_POST = '(?<post>€|EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|zł|INR|JPY|AUD|CAD|euros?)';
// 1,234,567.89 | 1.234.567,89 | 1 234 567 | 1234.5 | 2,4
const NUM = String.raw`(?<num>\d{1,3}(?:(?:,\d{3})+|(?:\.\d{3})+(?=,\d|\D|$)|(?:[ \u00a0\u202f]\d{3})+)(?:[.,]\d+)?|\d+(?:[.,]\d+)?|[.,]\d+)`;
const SCALE = String.raw`(?<scale>thousands?|millions?|billions?|mio\.?|mln|mld|tys\.|mn|mm|bn|tsd|crores?|lakhs?|lacs?|cr|k|m|b|l)(?![\p{L}\d])`;

/**
 * One amount anywhere in running text. Group names: neg (leading minus / open paren), pre (currency
 * before), num, scale, pct, mult, post (currency after), close (closing paren).
 */
const AMOUNT_SOURCE = String.raw`(?<neg>\(|-|−|–)?\s?${CUR_PRE}?\s?(?<neg2>-|−|\()?\s?${NUM}(?:\s?${SCALE})?(?<pct>\s?%)?(?<mult>x(?![\p{L}\d]))?(?:\s?${CUR_POST}(?![\p{L}]))?(?<close>\))?`;

function toNumber(num: string): number | null {
  let s = num.replace(/[ \u00a0\u202f]/g, '');
  const commas = (s.match(/,/g) ?? []).length;
  const dots = (s.match(/\./g) ?? []).length;
  if (commas > 0 && dots > 0) {
    // whichever comes last is the decimal mark
    if (s.lastIndexOf(',') > s.lastIndexOf('.')) s = s.replace(/\./g, '').replace(',', '.');
    else s = s.replace(/,/g, '');
  } else if (commas > 0) {
    // "2,4" or "12,50" is a decimal comma; "1,234" is thousands
    s = commas === 1 && /,\d{1,2}$/.test(s) ? s.replace(',', '.') : s.replace(/,/g, '');
  } else if (dots > 1) {
    s = s.replace(/\./g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function fromMatch(m: RegExpExecArray): ParsedAmount | null {
  const g = m.groups ?? {};
  const raw = toNumber(g.num ?? '');
  if (raw === null) return null;
  // "(1,234)" and "$ (116)": a parenthesis before or after the currency sign, closed after the number
  const open = g.neg === '(' || g.neg2 === '(';
  const paren = open && g.close === ')';
  const negative =
    paren || (g.neg !== undefined && g.neg !== '(') || (g.neg2 !== undefined && g.neg2 !== '(');
  if (open && !paren && g.neg2 === '(') return null;
  const currency = currencyOf(g.pre) ?? currencyOf(g.post);
  // "10L" or "5 Cr" without a rupee: not an Indian amount; read the number alone
  if (g.scale && RUPEE_SCALES.has(g.scale.toLowerCase()) && currency !== 'INR') return null;
  const scale = scaleOf(g.scale);
  const value = (negative ? -raw : raw) * (scale ?? 1);
  let text = m[0];
  if (g.neg === '(' && !paren) text = text.slice(1);
  if (g.close === ')' && !paren) text = text.slice(0, -1);
  return {
    value,
    currency,
    scale,
    percent: g.pct !== undefined,
    multiple: g.mult !== undefined,
    text: text.trim(),
    index: m.index + (m[0].length - m[0].trimStart().length) + (g.neg === '(' && !paren ? 1 : 0),
  };
}

/** Every amount in a piece of running text, in order. */
export function findAmounts(text: string): ParsedAmount[] {
  const re = new RegExp(AMOUNT_SOURCE, 'giu');
  const out: ParsedAmount[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    // a number glued to letters on its left is part of a word or code ("Q3", "A1", "FY2024")
    const lead = m[0].length - m[0].trimStart().length;
    const before = text[m.index + lead - 1];
    if (lead === 0 && before && /[\p{L}\d_.,]/u.test(before) && !/^[(\-−–€£$¥₹]/.test(m[0])) {
      re.lastIndex = m.index + 1;
      continue;
    }
    const a = fromMatch(m);
    if (a) out.push(a);
  }
  return out;
}

const WHOLE_CELL = new RegExp(String.raw`^\s*${AMOUNT_SOURCE}\s*$`, 'iu');

/** A table cell that is one amount ("$ 30,739", "(1,155)", "72.5%", "€2.4M"), or null. */
export function parseAmountCell(text: string): ParsedAmount | null {
  const m = WHOLE_CELL.exec(text.replace(/\s+/g, ' '));
  if (!m) return null;
  m.index = 0;
  return fromMatch(m);
}

/** Dashes that tables print for "nothing" or zero. */
export function isDashCell(text: string): boolean {
  return /^\s*[$€£]?\s*[—–-]{1,2}\s*$/.test(text);
}

/** A bare year (1990–2099) printed without currency, scale or sign: a period, not an amount. */
export function looksLikeYear(a: ParsedAmount): boolean {
  return (
    !a.currency &&
    a.scale === null &&
    !a.percent &&
    Number.isInteger(a.value) &&
    a.value >= 1990 &&
    a.value <= 2099 &&
    /^\d{4}$/.test(a.text)
  );
}
