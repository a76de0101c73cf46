/**
 * Which fields of an import row would change the record it matched: a re-imported export must
 * write nothing, so fields equal to what is stored are dropped from the update.
 */

/** Equal as stored: dates by instant, objects and arrays by content (absent and null keys alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const time = (value: unknown) =>
      value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return time(a) === time(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key] ?? null, b[key] ?? null));
  }
  return (a ?? null) === (b ?? null);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The part of `patch` (request fields) that differs from `current` (a stored row), comparing
 * through `toColumns`, the request → column mapping of the record's module.
 */
export function changedFields<P extends object>(
  patch: P,
  current: Record<string, unknown>,
  toColumns: (patch: P) => Record<string, unknown>,
): Partial<P> {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const columns = toColumns({ [field]: value } as P);
    if (Object.entries(columns).some(([column, stored]) => !sameValue(stored, current[column]))) {
      changed[field] = value;
    }
  }
  return changed as Partial<P>;
}
