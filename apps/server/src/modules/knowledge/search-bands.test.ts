import { describe, expect, it } from 'vitest';
import { atLeast } from './passage-search.service.ts';

/**
 * atLeast writes "at least k of n terms" recursively instead of as an OR of every k-subset; here
 * its text is evaluated for every combination of present and absent terms, the way PostgreSQL's
 * tsquery reads & and | (& binds tighter).
 */
function holds(query: string, present: Set<string>): boolean {
  const tokens = query.match(/\(|\)|&|\||'[^']*'/g) ?? [];
  let at = 0;
  const primary = (): boolean => {
    const token = tokens[at++];
    if (token === '(') {
      const value = or();
      at++; // ')'
      return value;
    }
    return present.has(token ?? '');
  };
  const and = (): boolean => {
    let value = primary();
    while (tokens[at] === '&') {
      at++;
      value = primary() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === '|') {
      at++;
      value = and() || value;
    }
    return value;
  };
  const value = or();
  expect(at).toBe(tokens.length);
  return value;
}

describe('atLeast', () => {
  it('holds exactly when at least k of the n terms are present', () => {
    for (let n = 1; n <= 5; n++) {
      const terms = Array.from({ length: n }, (_, i) => `'t${i}'`);
      for (let k = 1; k <= n; k++) {
        const query = atLeast(terms, k);
        for (let mask = 0; mask < 1 << n; mask++) {
          const present = new Set(terms.filter((_, i) => mask & (1 << i)));
          expect(holds(query, present), `${query} with ${[...present]}`).toBe(present.size >= k);
        }
      }
    }
  });

  it('stays small: about k nodes per k-subset fewer than the OR of every subset', () => {
    const terms = ['a', 'b', 'c', 'd'].map((t) => `'${t}'`);
    const items = (query: string) => (query.match(/'[^']*'/g) ?? []).length;
    // OR of the 6 pairs of 4 terms would name 12 items.
    expect(items(atLeast(terms, 2))).toBeLessThan(12);
  });
});
