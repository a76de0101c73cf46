/** p50 / p95 / p99 of latencies in milliseconds (nearest rank), rounded to 0.01 ms. */
export function latencySummary(latencies: number[]) {
  const sorted = [...latencies].sort((x, y) => x - y);
  const at = (p: number) => {
    if (sorted.length === 0) return 0;
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return Math.round(sorted[index]! * 100) / 100;
  };
  return { count: sorted.length, p50_ms: at(50), p95_ms: at(95), p99_ms: at(99), max_ms: at(100) };
}
