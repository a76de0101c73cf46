/** Small numeric helpers shared by the scoring rules. */

/** A usable number: finite (NaN, ±Infinity, null and undefined count as unknown). */
export function isKnown(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Scores are shown with one decimal. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A 0–10 score, clamped and rounded (NaN becomes 0 so a bug never leaks out of the range). */
export function toScore(value: number): number {
  return Number.isNaN(value) ? 0 : round1(clamp(value, 0, 10));
}

/**
 * Piecewise-linear interpolation through points sorted by x; flat beyond the ends.
 * Every scoring curve is built with it, so each curve is monotone exactly when its points are.
 */
export function ramp(x: number, points: ReadonlyArray<readonly [number, number]>): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 0;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (x === x1) return y1;
    // t ∈ [0, 1] exactly (a / a is 1), so the curve never overshoots a point by a rounding error.
    if (x < x1) return y0 + (y1 - y0) * ((x - x0) / (x1 - x0));
  }
  return last[1];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return (sorted[mid - 1]! + sorted[mid]!) / 2;
}
