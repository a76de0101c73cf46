/**
 * Exchange rates for turning figures a document states in another currency into the organisation's
 * currency (EUR, decision 005). Configuration, not live data: the default table is the European
 * Central Bank's euro foreign exchange reference rates of 31 December 2024 (units of each currency
 * per 1 EUR, as the ECB publishes them). Override it by passing `fxRates` to the analyst; the server
 * lays the FX_RATES setting over it with `withFxOverrides` (decision 014).
 */

export interface FxRates {
  /** The organisation's currency. */
  base: string;
  /** ISO date the rates are from. */
  rate_date: string;
  /** Units of `currency` per 1 unit of `base` (the ECB's quotation: 1 EUR = 1.0389 USD). */
  per_base: Record<string, number>;
}

export const DEFAULT_FX_RATES: FxRates = {
  base: 'EUR',
  rate_date: '2024-12-31',
  per_base: {
    USD: 1.0389,
    GBP: 0.82918,
    CHF: 0.9412,
    JPY: 163.06,
    SEK: 11.459,
    NOK: 11.795,
    DKK: 7.4578,
    PLN: 4.275,
    CAD: 1.4948,
    AUD: 1.6772,
  },
};

export interface Conversion {
  value: number;
  /** Units of the base currency per 1 unit of `currency`. */
  rate: number;
  rate_date: string;
}

/** `amount` of `currency` in the base currency, or null when the table has no rate for it. */
export function convert(amount: number, currency: string, fx: FxRates): Conversion | null {
  if (currency === fx.base) return { value: amount, rate: 1, rate_date: fx.rate_date };
  const quote = fx.per_base[currency];
  if (!quote || !(quote > 0)) return null;
  // The rate is stated to 6 significant figures and the value is computed from the stated rate, so a
  // reader can redo the conversion from what the analysis shows.
  const rate = Number((1 / quote).toPrecision(6));
  return { value: round(amount * rate), rate, rate_date: fx.rate_date };
}

function round(n: number): number {
  return Math.abs(n) >= 100 ? Math.round(n) : Number(n.toFixed(2));
}

/** What a configuration may override: a date and some rates (units per 1 EUR). */
export interface FxOverrides {
  rate_date?: string;
  per_base: Record<string, number>;
}

/**
 * The default table with the configured rates laid over it (FX_RATES, parsed and validated by the
 * server's config): currencies it lists replace theirs, the rest keep the defaults.
 */
export function withFxOverrides(overrides: FxOverrides | undefined): FxRates {
  if (!overrides) return DEFAULT_FX_RATES;
  return {
    base: DEFAULT_FX_RATES.base,
    rate_date: overrides.rate_date ?? DEFAULT_FX_RATES.rate_date,
    per_base: { ...DEFAULT_FX_RATES.per_base, ...overrides.per_base },
  };
}
