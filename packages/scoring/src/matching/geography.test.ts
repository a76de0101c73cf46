import { describe, expect, it } from 'vitest';
import { THESIS, thesisWith } from '../testing/fixtures.ts';
import { BROAD_REGION_FIT, matchGeography, SUBREGION_FIT } from './geography.ts';
import { resolvePlace } from './place.ts';

describe('place resolution', () => {
  it.each([
    ['UK', 'United Kingdom'],
    ['uk', 'United Kingdom'],
    ['U.K.', 'United Kingdom'],
    ['GB', 'United Kingdom'],
    ['England', 'United Kingdom'],
    ['London, UK', 'United Kingdom'],
    ['London UK', 'United Kingdom'],
    ['Berlin, Germany', 'Germany'],
    ['Deutschland', 'Germany'],
    ['München', 'Germany'],
    ['Zürich, Schweiz', 'Switzerland'],
    ['Malmö', 'Sweden'],
    ['Paris', 'France'],
    ['The Netherlands', 'Netherlands'],
    ['New York', 'United States'],
    ['Nordics', 'Nordics'],
    ['Scandinavia', 'Nordics'],
    ['Europe', 'Europe'],
    ['EU', 'EU'],
  ])('understands %s as %s', (text, name) => {
    expect(resolvePlace(text)?.name).toBe(name);
  });

  it('does not read lower-case two-letter words inside a phrase as country codes', () => {
    expect(resolvePlace('based in somewhere')).toBeNull();
    expect(resolvePlace('based in Berlin')?.name).toBe('Germany');
  });

  it('returns null for unknown places', () => {
    expect(resolvePlace('Atlantis')).toBeNull();
  });
});

describe('geography matching', () => {
  it('matches countries and their aliases case-insensitively', () => {
    for (const text of ['UK', 'united kingdom', 'GB', 'Manchester, England']) {
      expect(matchGeography(text, THESIS)).toMatchObject({ market: 'United Kingdom', fit: 1 });
    }
  });

  it('matches a country to a regional market that contains it', () => {
    expect(matchGeography('Stockholm, Sweden', THESIS)).toMatchObject({ market: 'Nordics', fit: 0.8 });
    expect(matchGeography('Estonia', THESIS)).toMatchObject({ market: 'Baltics' });
  });

  it('gives "Europe" and "EU" a reduced score of the best market they may mean', () => {
    expect(matchGeography('Europe', THESIS)).toMatchObject({
      market: 'United Kingdom',
      fit: BROAD_REGION_FIT,
    });
    // The UK is not in the EU, so "EU" means Germany (0.9) at best.
    expect(matchGeography('EU', THESIS)?.market).toBe('Germany');
    expect(matchGeography('EU', THESIS)?.fit).toBeCloseTo(0.9 * BROAD_REGION_FIT);
  });

  it('gives a sub-region a reduced score of its best listed member', () => {
    const thesis = thesisWith({ primary_markets: { Germany: 0.9, France: 0.8 } });
    expect(matchGeography('DACH', thesis)?.fit).toBeCloseTo(0.9 * SUBREGION_FIT);
  });

  it('matches any European country to a Europe-wide market at its full weight', () => {
    const thesis = thesisWith({ primary_markets: { Europe: 0.6 } });
    expect(matchGeography('Lisbon, Portugal', thesis)).toMatchObject({ market: 'Europe', fit: 0.6 });
  });

  it('falls back to comparing names for places it does not know', () => {
    const thesis = thesisWith({ primary_markets: { Atlantis: 0.5 } });
    expect(matchGeography('atlantis', thesis)).toMatchObject({ market: 'Atlantis', fit: 0.5 });
  });

  it('returns null outside the thesis markets', () => {
    expect(matchGeography('United States', THESIS)).toBeNull();
    expect(matchGeography('Atlantis', THESIS)).toBeNull();
  });
});
