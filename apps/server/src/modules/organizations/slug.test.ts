import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugBase } from './slug.ts';

describe('slugBase', () => {
  it.each([
    ['Northwind Credit', 'northwind-credit'],
    ['  Société Générale & Co. ', 'societe-generale-and-co'],
    ['ACME -- Growth__Debt!!', 'acme-growth-debt'],
    ['Ørsted Æbleskiver 2026', 'orsted-aebleskiver-2026'],
    ['日本', 'organisation'],
    ['', 'organisation'],
  ])('%j → %j', (name, slug) => {
    expect(slugBase(name)).toBe(slug);
  });

  it('stays short and never ends in a hyphen', () => {
    const slug = slugBase(`${'a'.repeat(47)} b c d e f`);
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slug).not.toMatch(/-$/);
  });
});

describe('firstFreeSlug', () => {
  it('takes the base, else the lowest free numbered suffix', () => {
    expect(firstFreeSlug('fund', new Set())).toBe('fund');
    expect(firstFreeSlug('fund', new Set(['fund']))).toBe('fund-2');
    expect(firstFreeSlug('fund', new Set(['fund', 'fund-2', 'fund-4']))).toBe('fund-3');
  });
});
