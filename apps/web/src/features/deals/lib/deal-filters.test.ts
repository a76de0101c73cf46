import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, hasActiveFilters, parseFilters } from './deal-filters.ts';

describe('parseFilters', () => {
  it('sends only what is set, trimmed', () => {
    expect(parseFilters(EMPTY_FILTERS).params).toEqual({
      q: undefined,
      stage: undefined,
      min_score: undefined,
      max_score: undefined,
    });
    expect(parseFilters({ q: ' lumen ', stage: 'qualified', minScore: '6.5', maxScore: '10' })).toEqual({
      params: { q: 'lumen', stage: 'qualified', min_score: 6.5, max_score: 10 },
      errors: {},
    });
  });

  it('flags scores outside 0 to 10 and does not send them', () => {
    const parsed = parseFilters({ ...EMPTY_FILTERS, minScore: '-1', maxScore: '10.5' });
    expect(parsed.errors).toEqual({
      minScore: 'Enter a score from 0 to 10',
      maxScore: 'Enter a score from 0 to 10',
    });
    expect(parsed.params.min_score).toBeUndefined();
    expect(parsed.params.max_score).toBeUndefined();
  });

  it('flags a minimum above the maximum', () => {
    const parsed = parseFilters({ ...EMPTY_FILTERS, minScore: '8', maxScore: '6' });
    expect(parsed.errors.minScore).toBe('The minimum is above the maximum');
    expect(parsed.params).toMatchObject({ min_score: undefined, max_score: 6 });
  });

  it('knows when any filter is set', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, maxScore: '9' })).toBe(true);
  });
});
