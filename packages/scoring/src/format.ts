/** Number formatting for the sentences of reasons, flags and sizing (English, EUR). */

export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (abs >= 1e9) return `${sign}€${trim(abs / 1e9)}bn`;
  if (abs >= 1e6) return `${sign}€${trim(abs / 1e6)}M`;
  if (abs >= 1e3) return `${sign}€${trim(abs / 1e3)}k`;
  return `${sign}€${Math.round(abs)}`;
}

/** A fraction as a percentage: 0.652 → "65.2%" (at most `digits` decimals). */
export function formatPercent(fraction: number, digits = 2): string {
  return `${trim(fraction * 100, digits)}%`;
}

export function formatMonths(months: number): string {
  return `${trim(months)} month${months === 1 ? '' : 's'}`;
}

export function formatNumber(value: number): string {
  return trim(value);
}

/** At most `digits` decimals, without trailing zeros. */
function trim(value: number, digits = 2): string {
  const scale = 10 ** digits;
  return String(Math.round(value * scale) / scale);
}
