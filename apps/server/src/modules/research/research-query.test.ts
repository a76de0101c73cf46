import { describe, expect, it } from 'vitest';
import { quartilePosition, quartiles } from './benchmarks/quartiles.ts';
import { meetsFilters } from './research-hits.ts';
import { parseResearchQuery } from './research-query.ts';
import { regionsOf, researchStageOf } from './research-regions.ts';
import { sectorLabel } from './research-sectors.ts';

describe('reading a research question', () => {
  const NOW = new Date('2026-11-18T10:00:00Z');
  const read = (text: string) => {
    const parsed = parseResearchQuery(text, NOW);
    return {
      regions: parsed.regions,
      stages: parsed.stages,
      sectors: (parsed.sectors ?? []).map((sector) => sector.label),
      places: (parsed.places ?? []).map((place) => place.label),
      window: parsed.window?.label ?? null,
      terms: parsed.terms,
    };
  };

  it.each([
    ['Series B fintech in the UK', ['UK'], ['B'], ['Fintech'], []],
    ['series-c climate tech companies in Europe', ['Europe'], ['C'], ['Climate Tech'], []],
    ['Series A/B healthtech startups in the US and Asia', ['US', 'Asia'], ['A', 'B'], ['Healthtech'], []],
    ['B2B SaaS raising D rounds', [], ['D'], ['B2B SaaS'], []],
    ['payments companies working with us', [], [], [], ['payments', 'working']],
    ['European insurtech', ['Europe'], [], ['Insurtech'], []],
    ['Series E biotech', [], [], ['Biotech'], []],
    ['cleantech lenders', [], [], ['Climate Tech'], ['lenders']],
  ])('%s', (text, regions, stages, sectors, terms) => {
    expect(read(text)).toMatchObject({ regions, stages, sectors, terms });
  });

  it.each([
    ['fintech in DACH', ['DACH']],
    ['climate tech in the Nordics', ['Nordics']],
    ['Benelux and Iberia proptech', ['Benelux', 'Iberia']],
    ['healthtech in Germany or France', ['Germany', 'France']],
    // "in" and "de" are words, not India or Germany; "us" is a pronoun in lower case.
    ['deals in de facto markets with us', []],
  ])('places: %s', (text, places) => {
    expect(read(text).places).toEqual(places);
  });

  it.each([
    ['fintech this month', 'This month (since 1 Nov 2026)'],
    ['fintech this week', 'This week (since 16 Nov 2026)'],
    ['fintech this year', 'This year (since 1 Jan 2026)'],
    ['rounds in the last 90 days', 'Last 90 days'],
    ['rounds over the past 2 weeks', 'Last 2 weeks'],
    ['rounds last month', 'Last 30 days'],
    ['fintech in 2025', '2025'],
    ['fintech since June', 'Since June 2026'],
    // December is still to come in November: "since December" is last December.
    ['fintech since December', 'Since December 2025'],
    ['fintech since 2024', 'Since 2024'],
    ['fintech in March 2026', 'March 2026'],
    ['fintech in the UK', null],
  ])('time window: %s', (text, label) => {
    const parsed = read(text);
    expect(parsed.window).toBe(label);
    // The words of the window are not searched for.
    expect(
      parsed.terms.filter((term) => /month|week|year|days|since|20\d\d|june|last|past/.test(term)),
    ).toEqual([]);
  });

  it('reads window bounds in UTC against the clock it is given', () => {
    expect(parseResearchQuery('fintech in 2025', NOW).window).toMatchObject({
      from: '2025-01-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
    expect(parseResearchQuery('fintech in the last 10 days', NOW).window).toMatchObject({
      from: '2026-11-08T10:00:00.000Z',
      to: null,
    });
  });

  it('keeps at most eight terms and ignores punctuation', () => {
    const parsed = parseResearchQuery('a1, b2; c3 d4 e5 f6 g7 h8 i9 j10 — "k11"');
    expect(parsed.terms).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8']);
  });
});

describe('filters applied to a hit', () => {
  const NOW = new Date('2026-11-18T10:00:00Z');
  const hit = (fields: Partial<Parameters<typeof meetsFilters>[0]>) => ({
    region: null,
    country: null,
    stage: null,
    sector: null,
    date: null,
    ...fields,
  });
  it('a sector takes its group, a narrow sector only itself', () => {
    const climate = parseResearchQuery('climate tech', NOW);
    expect(meetsFilters(hit({ sector: 'climate_tech' }), climate)).toBe(true);
    expect(meetsFilters(hit({ sector: 'Cleantech' }), climate)).toBe(true);
    expect(meetsFilters(hit({ sector: 'fintech' }), climate)).toBe(false);
    expect(meetsFilters(hit({ sector: null }), climate)).toBe(false);
    expect(meetsFilters(hit({ sector: null, haystack: 'A climate-tech market map' }), climate)).toBe(true);
    const insurtech = parseResearchQuery('insurtech', NOW);
    expect(meetsFilters(hit({ sector: 'insurtech' }), insurtech)).toBe(true);
    expect(meetsFilters(hit({ sector: 'fintech' }), insurtech)).toBe(false);
    expect(meetsFilters(hit({ sector: 'insurtech' }), parseResearchQuery('fintech', NOW))).toBe(true);
  });
  it('a place by its countries, "City, Country" too', () => {
    const dach = parseResearchQuery('DACH', NOW);
    expect(meetsFilters(hit({ country: 'Berlin, Germany' }), dach)).toBe(true);
    expect(meetsFilters(hit({ country: 'Switzerland' }), dach)).toBe(true);
    expect(meetsFilters(hit({ country: 'France' }), dach)).toBe(false);
    expect(meetsFilters(hit({ country: null }), dach)).toBe(false);
  });
  it('a window by the record date, none when undated', () => {
    const month = parseResearchQuery('this month', NOW);
    expect(meetsFilters(hit({ date: '2026-11-02T00:00:00Z' }), month)).toBe(true);
    expect(meetsFilters(hit({ date: '2026-10-31T23:59:59Z' }), month)).toBe(false);
    expect(meetsFilters(hit({ date: null }), month)).toBe(false);
    const year = parseResearchQuery('in 2025', NOW);
    expect(meetsFilters(hit({ date: '2025-12-31T23:00:00Z' }), year)).toBe(true);
    expect(meetsFilters(hit({ date: '2026-01-01T00:00:00Z' }), year)).toBe(false);
  });
  it('labels sectors as people read them', () => {
    expect(['climate_tech', 'b2b_saas', 'fintech', 'Climate Tech', 'other', null].map(sectorLabel)).toEqual([
      'Climate Tech',
      'B2B SaaS',
      'Fintech',
      'Climate Tech',
      null,
      null,
    ]);
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
