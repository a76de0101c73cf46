import type { TInvestmentThesis } from '@atempo/contracts';

const MEMO = Symbol('compiled thesis memo');

/**
 * A thesis prepared for scoring many subjects in a row (a re-score of a whole organisation).
 * It is still a TInvestmentThesis, so every scoring function takes it unchanged; it also carries
 * a memo of the string work that depends only on the thesis and one input string (sector
 * aliases, place names, funding stages, the component scores built from them). Scores are the
 * same as with the plain thesis: only repeated work is skipped.
 */
export type CompiledThesis = TInvestmentThesis & { readonly [MEMO]: Map<string, Map<string, unknown>> };

/**
 * Prepares `thesis` for a run. The memo assumes the thesis is not changed afterwards: compile a
 * new one for every run (a thesis edit re-queues the run anyway).
 */
export function compileThesis(thesis: TInvestmentThesis): CompiledThesis {
  return Object.freeze({ ...thesis, [MEMO]: new Map<string, Map<string, unknown>>() });
}

export function isCompiledThesis(thesis: TInvestmentThesis): thesis is CompiledThesis {
  return MEMO in thesis;
}

/**
 * `compute()` once per (kind, key) for a compiled thesis; every time for a plain one. `compute`
 * must depend only on the thesis and `key`, and its result must not be mutated by callers.
 */
export function memoised<T>(thesis: TInvestmentThesis, kind: string, key: string, compute: () => T): T {
  if (!isCompiledThesis(thesis)) return compute();
  let byKey = thesis[MEMO].get(kind);
  if (!byKey) {
    byKey = new Map();
    thesis[MEMO].set(kind, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = compute();
  byKey.set(key, value);
  return value;
}
