import { clean, equals, money, round2 } from './calculations/calculation.ts';

/**
 * The one way a document's net burn becomes a monthly burn (decision 036). The analyst records
 * how many months a burn figure adds up (`months_covered`): 1 for a monthly rate ("€380k per
 * month", even on a line that names Q2 2025), 3 for a quarter's total, 12 for a year's. A total is
 * divided by its months; a figure whose basis the document does not state gives no monthly burn.
 * Every answer carries the sentence that shows how it was read, for citations and calculation steps.
 */

/** The fields of a key metric (or a sourced metric) this reads. */
export interface BurnFigure {
  value: number;
  period: string | null;
  months_covered?: number | null;
}

export type MonthlyBurn =
  /** `months`: what the stated figure adds up (1: it is the monthly rate itself). */
  { value: number; months: number; step: string } | { value: null; months: null; step: string };

/** The analyst's label for a burn stated as a monthly rate with no period named. */
const MONTHLY_PERIOD = 'monthly';

/**
 * How many months the figure adds up, or null when not known. A figure read before
 * `months_covered` was recorded is trusted only when its period was the analyst's own "monthly"
 * (older readings labelled a monthly rate with a date on its line, "Q2 2025", like a quarter's total).
 */
function monthsOf(figure: BurnFigure): number | null {
  // A span under one month cannot be a stated burn's: read as unknown rather than divide by it.
  if (figure.months_covered !== undefined) {
    return figure.months_covered !== null && figure.months_covered >= 1 ? figure.months_covered : null;
  }
  return figure.period === MONTHLY_PERIOD ? 1 : null;
}

export function monthlyBurnOf(figure: BurnFigure): MonthlyBurn {
  const months = monthsOf(figure);
  const stated = money(figure.value);
  const over = figure.period && figure.period !== MONTHLY_PERIOD ? ` (${figure.period})` : '';
  if (months === null) {
    return {
      value: null,
      months: null,
      step: `The document does not say whether ${stated}${over} is a monthly rate or a total over a period, so no monthly burn is read from it.`,
    };
  }
  if (months === 1)
    return { value: figure.value, months, step: `Monthly burn = ${stated}, stated per month${over}` };
  const exact = figure.value / months;
  const value = round2(clean(exact));
  return {
    value,
    months,
    step: `Monthly burn = ${stated} over ${figure.period ?? `${months} months`} ÷ ${months} months ${equals(exact, value)} ${money(value)}`,
  };
}
