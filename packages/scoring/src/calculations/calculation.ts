/**
 * The assistant's calculations (calculate_metrics): pure arithmetic over named inputs, each input
 * carrying where it came from, answered with the formula, the inputs used and every step written
 * out with its numbers, so a lender can redo it by hand. A missing input gives no result and names
 * what is missing; a division by zero gives no result and says why. Never a guess.
 */

/** A figure the calculation may use, and where it came from ("given", "Acme Ltd — deal #1"…). */
export interface SourcedValue {
  value: number;
  source: string;
}

/** Inputs by name; names are those of CALCULATION_INPUTS. */
export type CalculationValues = Readonly<Record<string, SourcedValue | undefined>>;

export type CalculationUnit = 'ratio' | 'months' | 'percent_points' | 'currency';

export interface CalculationOutcome {
  /** Null when an input is missing (see `missing`) or the arithmetic has no finite answer (see `interpretation`). */
  result: number | null;
  range: { min: number; max: number } | null;
  unit: CalculationUnit;
  formula: string;
  inputs_used: { name: string; value: number; source: string }[];
  steps: string[];
  missing: string[];
  interpretation: string | null;
}

/** Results are given to two decimals: the precision a credit memo quotes. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Removes floating-point noise (0.45 × 100 = 45.00000000000001) without hiding real decimals. */
export const clean = (value: number) => Number.parseFloat(value.toPrecision(12));

/** "=" when the shown figure is exact, "≈" when it was rounded. */
export const equals = (exact: number, shown: number) => (clean(exact) === shown ? '=' : '≈');

/** A number as a step writes it: thousands separated, at most two decimals ("1,365,517.24"). */
export function figure(value: number): string {
  return round2(value).toLocaleString('en-GB', { maximumFractionDigits: 2 });
}

export const money = (value: number) => (value < 0 ? `-€${figure(-value)}` : `€${figure(value)}`);

/** A fraction as a percentage: 0.8241 → "82.41%". */
export const percent = (fraction: number) => `${figure(clean(fraction * 100))}%`;

/** Collects the inputs a calculation reads, in order, and the names it lacked. */
export class InputReader {
  readonly used: CalculationOutcome['inputs_used'] = [];
  readonly missing: string[] = [];

  constructor(private readonly values: CalculationValues) {}

  has(name: string): boolean {
    return this.values[name] !== undefined;
  }

  /** The input's value (recorded as used), or null (recorded as missing unless `optional`). */
  read(name: string, optional = false): number | null {
    const found = this.values[name];
    if (!found) {
      if (!optional && !this.missing.includes(name)) this.missing.push(name);
      return null;
    }
    if (!this.used.some((input) => input.name === name)) {
      this.used.push({ name, value: found.value, source: found.source });
    }
    return found.value;
  }
}

export function outcome(
  reader: InputReader,
  fields: Pick<CalculationOutcome, 'unit' | 'formula'> & Partial<CalculationOutcome>,
): CalculationOutcome {
  return {
    result: null,
    range: null,
    steps: [],
    interpretation: null,
    ...fields,
    inputs_used: reader.used,
    missing: reader.missing,
  };
}
