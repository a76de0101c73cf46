/**
 * Quartiles by linear interpolation between order statistics (the method of numpy's default and
 * Excel's QUARTILE.INC): the p-th quantile of n sorted values sits at position p × (n − 1).
 */
export interface Quartiles {
  count: number;
  p25: number;
  median: number;
  p75: number;
}

export function quantile(sorted: readonly number[], p: number): number {
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below]!;
  const high = sorted[above]!;
  return low + (high - low) * (position - below);
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export function quartiles(values: readonly number[]): Quartiles | null {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((x, y) => x - y);
  if (sorted.length === 0) return null;
  return {
    count: sorted.length,
    p25: round4(quantile(sorted, 0.25)),
    median: round4(quantile(sorted, 0.5)),
    p75: round4(quantile(sorted, 0.75)),
  };
}

/** Which quartile of the portfolio a value falls in, "better" meaning higher unless lower is better. */
export function quartilePosition(value: number, q: Quartiles, higherIsBetter: boolean): string {
  const rank = value < q.p25 ? 1 : value < q.median ? 2 : value < q.p75 ? 3 : 4;
  const fromBest = higherIsBetter ? rank : 5 - rank;
  return ['bottom quartile', 'second quartile', 'third quartile', 'top quartile'][fromBest - 1]!;
}
