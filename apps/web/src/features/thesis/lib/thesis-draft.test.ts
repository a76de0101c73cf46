import { DEAL_TYPES, DEFAULT_THESIS } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import {
  addMarket,
  addSector,
  hasMarket,
  hasSector,
  inDisplayOrder,
  parseCacPayback,
  parseFloatOrZero,
  parseList,
  parseWholeOrZero,
  removeSector,
  sameThesis,
  sectorLabel,
  toggleIn,
} from './thesis-draft.ts';

describe('thesis draft editing', () => {
  it('parses deal sizes as integers and weights as floats, 0 when unreadable', () => {
    expect(parseWholeOrZero('2500000.9')).toBe(2_500_000);
    expect(parseWholeOrZero('')).toBe(0);
    expect(parseFloatOrZero('0.35')).toBe(0.35);
    expect(parseFloatOrZero('abc')).toBe(0);
    expect(parseCacPayback('')).toBe(18);
    expect(parseCacPayback('24')).toBe(24);
  });

  it('adds markets under their trimmed name and ignores blank names', () => {
    const thesis = addMarket(DEFAULT_THESIS, '  Denmark ', 0.4);
    expect(thesis.primary_markets.Denmark).toBe(0.4);
    expect(addMarket(DEFAULT_THESIS, '   ', 0.4)).toBe(DEFAULT_THESIS);
    expect(hasMarket(DEFAULT_THESIS, ' germany ')).toBe(true);
  });

  it('keys sectors lowercased with underscores and a 0.4 margin by default', () => {
    const thesis = addSector(DEFAULT_THESIS, ' Space  Tech ', 0.5);
    expect(thesis.target_sectors.space_tech).toEqual({
      name: 'Space Tech',
      weight: 0.5,
      min_gross_margin: 0.4,
      focus_areas: [],
    });
    expect(removeSector(thesis, 'space_tech').target_sectors).toEqual(DEFAULT_THESIS.target_sectors);
  });

  it('shows a sector by the name typed, whatever its key', () => {
    const thesis = addSector(DEFAULT_THESIS, 'AI Infra (EU)', 0.5);
    const key = 'ai_infra_(eu)';
    expect(sectorLabel(key, thesis.target_sectors[key])).toBe('AI Infra (EU)');
    expect(sectorLabel('b2b_saas', DEFAULT_THESIS.target_sectors.b2b_saas)).toBe('B2B SaaS');
    // Saved before names were kept: the key, readable, its casing not made up.
    expect(sectorLabel('space_tech', { weight: 1 } as never)).toBe('space tech');
    expect(hasSector(thesis, 'ai infra (eu)')).toBe(true);
  });

  it('keeps ticked options in their canonical order', () => {
    expect(toggleIn(['growth_equity'], 'venture_debt', true, DEAL_TYPES)).toEqual([
      'venture_debt',
      'growth_equity',
    ]);
    expect(toggleIn(['venture_debt', 'growth_equity'], 'venture_debt', false, DEAL_TYPES)).toEqual([
      'growth_equity',
    ]);
  });

  it('splits focus areas on commas', () => {
    expect(parseList(' payments, , regtech ,')).toEqual(['payments', 'regtech']);
  });
});

describe('thesis display order', () => {
  it('lists markets and sectors heaviest first and compares theses whatever their order', () => {
    const shuffled = {
      ...DEFAULT_THESIS,
      primary_markets: { Italy: 0.5, 'United Kingdom': 1, Germany: 0.9 },
    };
    const ordered = inDisplayOrder(shuffled);
    expect(Object.keys(ordered.primary_markets)).toEqual(['United Kingdom', 'Germany', 'Italy']);
    expect(Object.keys(ordered.target_sectors)[0]).toBe('b2b_saas');
    expect(sameThesis(ordered, shuffled)).toBe(true);
    expect(sameThesis(ordered, addMarket(shuffled, 'Spain', 0.6))).toBe(false);
  });
});
