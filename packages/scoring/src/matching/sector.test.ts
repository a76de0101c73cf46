import { describe, expect, it } from 'vitest';
import { THESIS, thesisWith } from '../testing/fixtures.ts';
import { compactName, matchSector, sameSector } from './sector.ts';

describe('sector matching', () => {
  it('compacts names to letters and digits', () => {
    expect(compactName('B2B SaaS')).toBe('b2bsaas');
    expect(compactName('climate_tech')).toBe('climatetech');
  });

  it.each([
    ['fintech', 'fintech', 'name'],
    ['FinTech', 'fintech', 'name'],
    ['Fin-Tech', 'fintech', 'name'],
    ['Climate Tech', 'climate_tech', 'name'],
    ['ClimateTech', 'climate_tech', 'name'],
    ['B2B SaaS', 'b2b_saas', 'name'],
    ['SaaS', 'b2b_saas', 'alias'],
    ['Enterprise Software', 'b2b_saas', 'alias'],
    ['Payments', 'fintech', 'alias'],
    ['Digital Health', 'healthtech', 'alias'],
    ['Marketplace', 'marketplaces', 'alias'],
    ['Cleantech', 'climate_tech', 'alias'],
    ['Carbon accounting', 'climate_tech', 'focus_area'],
  ])('matches %s to %s (%s)', (sector, key, via) => {
    expect(matchSector(sector, THESIS)).toMatchObject({ key, via });
  });

  it('returns null for sectors outside the thesis', () => {
    expect(matchSector('Gaming', THESIS)).toBeNull();
    expect(matchSector('', THESIS)).toBeNull();
  });

  it('takes the best-weighted sector when a name lists several', () => {
    expect(matchSector('Fintech / SaaS', THESIS)?.key).toBe('b2b_saas');
    expect(matchSector('Gaming & Payments', THESIS)?.key).toBe('fintech');
  });

  it('prefers the exact sector over a broader alias even when the alias weighs more', () => {
    const thesis = thesisWith({
      target_sectors: {
        fintech: { weight: 0.9, min_gross_margin: 0.5, focus_areas: [] },
        insurtech: { weight: 0.3, min_gross_margin: 0.4, focus_areas: [] },
      },
    });
    expect(matchSector('InsurTech', thesis)?.key).toBe('insurtech');
  });

  it('matches a thesis that names a sector by an alias', () => {
    const thesis = thesisWith({
      target_sectors: { saas: { weight: 0.7, min_gross_margin: 0.6, focus_areas: [] } },
    });
    expect(matchSector('B2B SaaS', thesis)).toMatchObject({ key: 'saas', via: 'alias' });
  });

  it('finds two companies in the same sector by name, alias or focus area, never by a missing one', () => {
    expect(sameSector('B2B SaaS', 'b2b-saas', THESIS)).toBe(true);
    expect(sameSector('Payments', 'Fintech', THESIS)).toBe(true);
    expect(sameSector('Carbon accounting', 'Cleantech', THESIS)).toBe(true);
    expect(sameSector('Fintech', 'B2B SaaS', THESIS)).toBe(false);
    expect(sameSector('Gaming', 'gaming', THESIS)).toBe(true);
    expect(sameSector('Gaming', 'Fintech', THESIS)).toBe(false);
    expect(sameSector(null, 'Fintech', THESIS)).toBe(false);
  });
});
