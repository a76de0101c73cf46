/**
 * Euro amounts for screens. The pipeline shows deal amounts in whole millions (spec 02 §2:
 * "in millions with no decimals"); details panels use the compact form with one decimal.
 */

const euroFormat = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const groupedFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/**
 * '€12M'. Rounds half up to whole millions; a positive amount that would round to nothing shows
 * '<€1M' rather than a misleading '€0M'. Unknown amounts show an em dash.
 */
export function formatMillions(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const millions = Math.round(amount / 1e6);
  if (millions === 0 && amount > 0) return '<€1M';
  return `€${groupedFormat.format(millions)}M`;
}

/** '€12,500,000': the exact figure, for a tooltip or a detail line. */
export function formatEuro(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  return euroFormat.format(amount);
}

/** '€850k', '€12.5M', '€1.2bn', '€900': at most one decimal, trailing zeros dropped. */
export function formatEuroCompact(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (abs >= 1e9) return `${sign}€${oneDecimal(abs / 1e9)}bn`;
  if (abs >= 1e6) return `${sign}€${oneDecimal(abs / 1e6)}M`;
  if (abs >= 1e3) return `${sign}€${oneDecimal(abs / 1e3)}k`;
  return `${sign}€${Math.round(abs)}`;
}

function oneDecimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}
