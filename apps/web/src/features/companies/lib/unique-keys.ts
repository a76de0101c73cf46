/**
 * React keys for items that have no id and may repeat (two articles with one title): the natural
 * key, with '#2', '#3'… added to repeats. Stable while the list keeps its order.
 */
export function withUniqueKeys<T>(
  items: readonly T[],
  naturalKey: (item: T) => string,
): { key: string; item: T }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = naturalKey(item);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: count === 1 ? base : `${base}#${count}`, item };
  });
}
