/**
 * The one reading of a typed money amount, for every field where an amount is typed: digits with
 * optional thousands commas ('1,500,000') and decimals ('2500000.50'), an optional k / m / bn
 * shorthand ('750k', '2.5m', '1.2bn'), an optional currency sign or code. Anything else ('lots',
 * '-5', '1,5') is refused with a message to show by the field, so nothing is ever saved as 0 by
 * mistake.
 */

/** The API's ceiling for amounts (contracts' ZAmount). */
const MAX_AMOUNT = 1e15;

const EXPONENT: Record<string, number> = { '': 0, k: 3, m: 6, mn: 6, b: 9, bn: 9 };

const AMOUNT = /^(?<whole>\d{1,3}(?:,\d{3})+|\d*)(?:\.(?<fraction>\d+))?(?<unit>k|mn|m|bn|b)?$/;

export const AMOUNT_HINT = 'e.g. 2500000, 2.5m or 750k';

export type AmountParse = { ok: true; value: number | null } | { ok: false; error: string };

/** A typed amount in euros; a blank field is `value: null` (the caller decides whether that is allowed). */
export function parseAmount(text: string): AmountParse {
  const compact = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]/g, '')
    .replace(/^(?:[€$£]|eur|usd|gbp)|(?:[€$£]|eur|usd|gbp)$/g, '');
  if (compact === '') return { ok: true, value: null };
  if (/^[-−(]/.test(compact)) return { ok: false, error: 'The amount cannot be negative' };
  const match = AMOUNT.exec(compact);
  const { whole = '', fraction, unit = '' } = match?.groups ?? {};
  if (!match || (whole === '' && fraction === undefined)) {
    return { ok: false, error: `Not an amount: type a number, ${AMOUNT_HINT}` };
  }
  // Through the decimal text, so '1.1m' is exactly 1,100,000 (1.1 × 1e6 is not).
  const exact = Number(`${whole.replace(/,/g, '') || '0'}.${fraction ?? '0'}e${EXPONENT[unit]}`);
  const value = Number(exact.toFixed(2));
  if (value > MAX_AMOUNT) return { ok: false, error: 'The amount is too large' };
  return { ok: true, value };
}

/** An amount as it would be typed with separators: 1500000.5 → '1,500,000.5'. */
export function formatAmountInput(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: true }).format(value);
}

/** The message for a field that needs an amount: why the text is not one, or that it is missing. */
export function requiredAmountError(text: string): string | null {
  const parsed = parseAmount(text);
  if (!parsed.ok) return parsed.error;
  return parsed.value === null ? 'Enter an amount' : null;
}
