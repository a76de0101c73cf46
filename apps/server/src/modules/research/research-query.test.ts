import { describe, expect, it } from 'vitest';
import { quartilePosition, quartiles } from './benchmarks/quartiles.ts';
import { parseResearchQuery } from './research-query.ts';
import { regionsOf, researchStageOf } from './research-regions.ts';

describe('reading a research question', () => {
  it.each([
    ['Series B fintech in the UK', ['UK'], ['B'], ['fintech']],
    ['series-c climate tech companies in Europe', ['Europe'], ['C'], ['climate', 'tech']],
    ['Series A/B healthtech startups in the US and Asia', ['US', 'Asia'], ['A', 'B'], ['healthtech']],
    ['B2B SaaS raising D rounds', [], ['D'], ['b2b', 'saas']],
    ['payments companies working with us', [], [], ['payments', 'working']],
    ['European insurtech', ['Europe'], [], ['insurtech']],
    ['Series E biotech', [], [], ['biotech']],
  ])('%s', (text, regions, stages, terms) => {
    expect(parseResearchQuery(text)).toEqual({ text, regions, stages, terms });
  });

  it('keeps at most eight terms and ignores punctuation', () => {
    const parsed = parseResearchQuery('a1, b2; c3 d4 e5 f6 g7 h8 i9 j10 — "k11"');
    expect(parsed.terms).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8']);
  });
});

describe('regions and stages of records', () => {
  it.each([
    ['United Kingdom', ['UK', 'Europe']],
    ['London, UK', ['UK', 'Europe']],
    ['Berlin, Germany', ['Europe']],
    ['Nordics', ['Europe']],
    ['United States', ['US']],
    ['Singapore', ['Asia']],
    ['Bangalore, India', ['Asia']],
    ['Mars', []],
  ])('%s', (place, regions) => {
    expect(regionsOf(place)).toEqual(regions);
  });

  it('reads stages A to D, later series as D', () => {
    expect(['Series A', 'series_b', 'C', 'Series D+', 'Series E', 'Seed', null].map(researchStageOf)).toEqual(
      ['A', 'B', 'C', 'D', 'D', null, null],
    );
  });
});

describe('quartiles', () => {
  it('interpolates between order statistics (worked by hand)', () => {
    // Sorted 1, 2, 4, 10: p25 at 0.75 → 1.75; median at 1.5 → 3; p75 at 2.25 → 4 + 0.25 × 6 = 5.5.
    expect(quartiles([10, 1, 4, 2])).toEqual({ count: 4, p25: 1.75, median: 3, p75: 5.5 });
    expect(quartiles([7])).toEqual({ count: 1, p25: 7, median: 7, p75: 7 });
    expect(quartiles([])).toBeNull();
  });

  it('places a value, lower being better where it is', () => {
    const q = { count: 4, p25: 10, median: 20, p75: 30 };
    expect(quartilePosition(35, q, true)).toBe('top quartile');
    expect(quartilePosition(5, q, true)).toBe('bottom quartile');
    expect(quartilePosition(5, q, false)).toBe('top quartile');
    expect(quartilePosition(25, q, false)).toBe('second quartile');
  });
});
