import { describe, expect, it } from 'vitest';
import { DEALS_REFRESH_MS, dealListQuery, dealListSearch } from './deals-api.ts';

describe('deals list query', () => {
  it('sends only the parameters that are set', () => {
    expect(dealListSearch({})).toBe('');
    expect(
      dealListSearch({
        stage: 'lead',
        min_score: 6.5,
        max_score: undefined,
        q: 'lumen fund',
        sort: '-thematic_score',
      }),
    ).toBe('?stage=lead&min_score=6.5&q=lumen+fund&sort=-thematic_score');
    expect(dealListSearch({ min_score: 0, offset: 0 })).toBe('?min_score=0&offset=0');
  });

  it('refreshes every 120000 ms (spec 02 §9)', () => {
    expect(DEALS_REFRESH_MS).toBe(120_000);
    expect(dealListQuery({}).refetchInterval).toBe(120_000);
  });
});
