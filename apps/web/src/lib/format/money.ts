/**
 * Money for screens: the one place amounts become text. The pipeline shows deal amounts in whole
 * millions (spec 02 §2: "in millions with no decimals"); details panels use the compact form with
 * one decimal. Every form writes a billion or more as billions with one decimal ('€16.9B'), never
 * as thousands of millions ('€16946.8M'), which no one reads at a glance.
 */

const euroFormat = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const groupedFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimalFormat = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** From here an amount reads as billions: anything that would print as 1,000.0M or more. */
const BILLION_FROM = 999_950_000;

const unknown = (amount: number | null | undefined): amount is null | undefined =>
  amount === null || amount === undefined || !Number.isFinite(amount);

/** '16.9B' for 16,946,800,000; the caller puts the currency in front. */
function billions(abs: number): string {
  return `${oneDecimalFormat.format(abs / 1e9)}B`;
}

/**
 * '€12M'. Rounds half up to whole millions; a positive amount that would round to nothing shows
 * '<€1M' rather than a misleading '€0M'; a billion or more shows '€16.9B'. Unknown amounts show an
 * em dash.
 */
export function formatMillions(amount: number | null | undefined): string {
  if (unknown(amount)) return '—';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (abs >= BILLION_FROM) return `${sign}€${billions(abs)}`;
  const millions = Math.round(abs / 1e6);
  if (millions === 0 && abs > 0) return `${sign}<€1M`;
  return `${sign}€${groupedFormat.format(millions)}M`;
}

/** '€12,500,000': the exact figure, for a tooltip or a detail line. */
export function formatEuro(amount: number | null | undefined): string {
  if (unknown(amount)) return '—';
  return euroFormat.format(amount);
}

/** '€850k', '€12.5M', '€1.2B', '€900': at most one decimal, trailing zeros dropped. */
export function formatEuroCompact(amount: number | null | undefined): string {
  if (unknown(amount)) return '—';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (abs >= BILLION_FROM) return `${sign}€${trimmedOneDecimal(abs / 1e9)}B`;
  if (abs >= 1e6) return `${sign}€${trimmedOneDecimal(abs / 1e6)}M`;
  if (abs >= 1e3) return `${sign}€${trimmedOneDecimal(abs / 1e3)}k`;
  return `${sign}€${Math.round(abs)}`;
}

function trimmedOneDecimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/**
 * Spec 01's short form for a figure read from a document, in any currency: 1M and above as x.xM,
 * 1K and above as xK, a billion and above as x.xB ('€8.4M', 'USD 850K', '€16.9B', '-€1.2M').
 * `symbol` is written before the figure as given ('€', or 'USD ').
 */
export function formatAmountShort(amount: number, symbol: string): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (abs >= BILLION_FROM) return `${sign}${symbol}${billions(abs)}`;
  // 999,600 would round to '1000K': it reads as the million it nearly is.
  if (abs >= 999_500) return `${sign}${symbol}${(abs / 1e6).toFixed(1)}M`;
  if (abs >= 1_000) return `${sign}${symbol}${Math.round(abs / 1_000)}K`;
  return `${sign}${symbol}${String(Number(abs.toFixed(2)))}`;
}
