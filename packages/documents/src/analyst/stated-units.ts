/** The scale and currency a header, title or row states ("$ in Thousands", "(€000)", "USD"). */
import { currencyOf, scaleOf } from './amounts.ts';

const SCALE_STATEMENT =
  /(?:\bin\s+|\(|\$\s+in\s+|€\s+in\s+|£\s+in\s+|\bamounts\s+in\s+|,\s*)(thousands|millions|billions)\b|\(\s*(?:in\s+)?(?:[$€£]|eur|usd|gbp)?\s?'?(000s?|k|m|mm|mn|bn)\s*\)|\b(?:in\s+)?(?:[$€£]|eur|usd|gbp)\s?'?(000s?)\b|\b(?:[$€£]|eur|usd|gbp)\s?(k|m|mm|mn|bn)\b(?=\s*$|\s*\))/i;

/** The scale a header or title states ("$ in Thousands", "(Millions, except per share amounts)", "(€000)"), or null. */
export function statedScale(text: string): number | null {
  const m = SCALE_STATEMENT.exec(text);
  if (!m) return null;
  const word = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').toLowerCase();
  if (word.startsWith('000')) return 1e3;
  return scaleOf(word);
}

const CURRENCY_STATEMENT =
  /(US\$|€|£|\$|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|JPY|AUD|CAD)\b|\beuros?\b|\bdollars?\b|\bpounds sterling\b)/i;

/** The currency a header, title or row states, or null. */
export function statedCurrency(text: string): string | null {
  const m = CURRENCY_STATEMENT.exec(text);
  if (!m) return null;
  const w = (m[1] ?? '').toLowerCase();
  if (w.startsWith('dollar')) return 'USD';
  if (w === 'pounds sterling') return 'GBP';
  return currencyOf(w);
}
