import { beforeEach, describe, expect, it } from 'vitest';
import { loadRecentSearches, RECENT_SEARCHES_KEY, rememberSearch } from './recent-searches.ts';

beforeEach(() => window.localStorage.clear());

describe('recent searches', () => {
  it('keeps the last five, newest first, without repeats (case ignored)', () => {
    for (const query of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta']) rememberSearch(query);
    expect(loadRecentSearches()).toEqual(['zeta', 'epsilon', 'delta', 'gamma', 'beta']);
    expect(rememberSearch('  GAMMA ')).toEqual(['GAMMA', 'zeta', 'epsilon', 'delta', 'beta']);
    expect(rememberSearch('   ')).toEqual(['GAMMA', 'zeta', 'epsilon', 'delta', 'beta']);
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY)!)).toHaveLength(5);
  });

  it('forgets a corrupt entry instead of failing', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(loadRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify({ a: 1 }));
    expect(loadRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['ok', 3, null, 'fine']));
    expect(loadRecentSearches()).toEqual(['ok', 'fine']);
  });
});
