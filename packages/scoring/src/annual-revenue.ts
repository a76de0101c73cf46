import { clean, equals, money, round2 } from './calculations/calculation.ts';

/**
 * The one way a document's revenue figure becomes an annual one (decision 037). The analyst
 * records how many months a revenue figure covers (`months_covered`): 12 for a year's revenue, 3
 * for a quarter's ("Q2 2025 revenue €1.2m"), 1 for a month's or for MRR. A year's figure is kept;
 * a shorter one is annualised (× 12 ÷ its months) and called what it then is, a run rate, not
 * reported annual revenue; MRR becomes ARR the same way (ARR = MRR × 12). A figure whose basis the
 * document does not state gives no annual revenue. Every answer carries the sentence that shows
 * how it was read, for citations and calculation steps.
 */

/** The analyst's revenue metrics: revenue (any length), ARR (a year by name), MRR (a month by name). */
export const REVENUE_METRICS = ['revenue', 'arr', 'mrr'] as const;
export type RevenueMetricName = (typeof REVENUE_METRICS)[number];

export const isRevenueMetric = (name: string): name is RevenueMetricName =>
  (REVENUE_METRICS as readonly string[]).includes(name);

/** The fields of a key metric (or a sourced metric) this reads. */
export interface RevenueFigure {
  name: RevenueMetricName;
  value: number;
  period: string | null;
  months_covered?: number | null;
}

export type AnnualRevenueReading =
  | {
      value: number;
      /** What the stated figure covers (12: it is the year's own figure). */
      months: number;
      /** Annualised here from a shorter period or MRR: a run rate, not reported annual revenue. */
      run_rate: boolean;
      /** What the figure is, for a period column: "annualised run rate: Q2 2025 × 4", or the stated period. */
      basis: string | null;
      /** The sentence that shows the reading ("Annual revenue = €1,200,000 in Q2 2025 × 4 = €4,800,000 …"). */
      step: string;
    }
  | { value: null; months: null; run_rate: false; basis: null; step: string };

const RUN_RATE = 'annualised run rate, not reported annual revenue';
/** The analyst's label for a figure stated per month with no period named. */
const MONTHLY_PERIOD = 'monthly';

/**
 * The length the analyst's own period labels state, for figures read before `months_covered` was
 * recorded: "monthly", quarters, halves, fiscal or calendar years and "9 months ended …". A single
 * month or a date ("2025-03", "2022-12-31") cannot tell a month's revenue from a reading on that
 * date, so it gives none.
 */
function monthsOfLabel(period: string | null): number | null {
  if (!period) return null;
  if (period === MONTHLY_PERIOD) return 1;
  if (/^Q[1-4] /.test(period)) return 3;
  if (/^H[12] /.test(period)) return 6;
  if (/^FY/.test(period) || /^(?:19|20)\d{2}(?:[A-Z]| \(forecast\))?$/.test(period)) return 12;
  const stated = /^(\d{1,2}) months ended /.exec(period);
  return stated ? Number(stated[1]) : null;
}

function monthsOf(figure: RevenueFigure): number | null {
  if (figure.name === 'arr') return 12;
  if (figure.name === 'mrr') return 1;
  if (figure.months_covered !== undefined) return figure.months_covered;
  return monthsOfLabel(figure.period);
}

/** "× 4" for a quarter, "× 12" for a month, "× 12 ÷ 9" for nine months. */
function factorText(months: number): string {
  return Number.isInteger(12 / months) ? `× ${12 / months}` : `× 12 ÷ ${months}`;
}

export function annualRevenueOf(figure: RevenueFigure): AnnualRevenueReading {
  const months = monthsOf(figure);
  const stated = money(figure.value);
  // The analyst's "monthly" is a basis, not a period to name.
  const named = figure.period && figure.period !== MONTHLY_PERIOD ? figure.period : null;
  const over = named ? ` (${named})` : '';
  if (months === null || months < 1 || months > 12) {
    return {
      value: null,
      months: null,
      run_rate: false,
      basis: null,
      step: `The document does not say how many months the revenue of ${stated}${over} covers, so no annual revenue is read from it.`,
    };
  }
  if (months === 12) {
    const step =
      figure.name === 'arr'
        ? `ARR = ${stated} as stated${over}`
        : `Annual revenue = ${stated} as stated for ${named ?? 'a year'}`;
    return { value: figure.value, months, run_rate: false, basis: named, step };
  }
  const exact = (figure.value * 12) / months;
  const value = round2(clean(exact));
  const result = `${equals(exact, value)} ${money(value)} (${RUN_RATE})`;
  if (figure.name === 'mrr') {
    return {
      value,
      months,
      run_rate: true,
      basis: 'annualised run rate: MRR × 12',
      step: `ARR = MRR of ${stated}${over} × 12 ${result}`,
    };
  }
  const span = named ?? (months === 1 ? 'a month' : `${months} months`);
  return {
    value,
    months,
    run_rate: true,
    basis: `annualised run rate: ${span} ${factorText(months)}`,
    step: `Annual revenue = ${stated} in ${span} ${factorText(months)} ${result}`,
  };
}
