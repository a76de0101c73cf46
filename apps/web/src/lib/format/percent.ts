const NO_VALUE = '—';

/** A fraction as a percent: 0.853 → '85.3%' (signed: '+85.3%'). */
export function formatPercent(fraction: number | null | undefined, { signed = false } = {}): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return NO_VALUE;
  const percent = Math.round(fraction * 1000) / 10;
  const text = `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(percent)}%`;
  return signed && percent > 0 ? `+${text}` : text;
}
