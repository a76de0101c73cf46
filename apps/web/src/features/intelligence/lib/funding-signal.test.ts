import { debtOpportunity, fundingPriority, growthPotentialText } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { makeAnnouncement } from '../test/funding-fixtures.ts';
import {
  debtOpportunityText,
  formatMillions,
  pageWindow,
  sectorLabel,
  shownRegion,
  shownSector,
  timeText,
  timingText,
  toFundingSignal,
} from './funding-signal.ts';

describe('signal priority (spec 02 §9)', () => {
  it.each([
    [150, 0.1, 'high'],
    [100, 0.1, 'medium'],
    [5, 0.81, 'high'],
    [5, 0.8, 'medium'],
    [21, 0.1, 'medium'],
    [20, 0.6, 'low'],
    [5, 0.61, 'medium'],
    [null, 0.5, 'low'],
    [null, 0.9, 'high'],
  ] as const)('%s M at confidence %s is %s', (amount, confidence, expected) => {
    expect(fundingPriority(amount, confidence)).toBe(expected);
  });
});

describe('growth text (spec 02 §9)', () => {
  it.each([
    [50.1, 'High growth trajectory based on funding size'],
    [50, 'Moderate growth potential'],
    [20.5, 'Moderate growth potential'],
    [20, 'Early stage with growth opportunity'],
    [null, 'Early stage with growth opportunity'],
  ] as const)('%s M → %s', (amount, text) => {
    expect(growthPotentialText(amount)).toBe(text);
  });
});

describe('debt opportunity (spec 02 §9)', () => {
  it.each([
    ['Series A', 51, '30-50% of the round'],
    ['Series A', 50, '20-40% of the round'],
    ['Series B', 10, '40-60% of the round'],
    ['Series C', 10, '50-80% of the round'],
    ['Series D+', 300, '50-80% of the round'],
    ['Seed', 2, 'No estimate for this stage'],
    [null, 2, 'No estimate for this stage'],
  ] as const)('%s at %s M → %s', (stage, amount, text) => {
    expect(debtOpportunity(stage, amount).text).toBe(text);
  });

  it('says what the share comes to in the round currency', () => {
    expect(debtOpportunityText(toFundingSignal(makeAnnouncement()))).toBe(
      '20-40% of the round (€2.5M–€5.0M)',
    );
    expect(
      debtOpportunityText(toFundingSignal(makeAnnouncement({ amount_raised: null, amount_eur: null }))),
    ).toBe('20-40% of the round');
  });
});

describe('page buttons: up to 7 in a sliding window', () => {
  it.each([
    [1, 3, [1, 2, 3]],
    [1, 20, [1, 2, 3, 4, 5, 6, 7]],
    [4, 20, [1, 2, 3, 4, 5, 6, 7]],
    [5, 20, [2, 3, 4, 5, 6, 7, 8]],
    [10, 20, [7, 8, 9, 10, 11, 12, 13]],
    [20, 20, [14, 15, 16, 17, 18, 19, 20]],
    [1, 0, []],
  ] as const)('page %s of %s', (current, total, pages) => {
    expect(pageWindow(current, total)).toEqual(pages);
  });
});

describe('display', () => {
  it('writes amounts in millions with the currency', () => {
    expect(formatMillions(12.5, 'EUR')).toBe('€12.5M');
    expect(formatMillions(3, 'GBP')).toBe('£3.0M');
    expect(formatMillions(20, 'CHF')).toBe('CHF 20.0M');
    // Millions even past a thousand (spec 02: amounts in millions), with a thousands separator.
    expect(formatMillions(1200, 'USD')).toBe('$1,200.0M');
    expect(formatMillions(12_345.67, 'EUR')).toBe('€12,345.7M');
    expect(formatMillions(0.25, null)).toBe('0.3M');
    expect(formatMillions(null, null)).toBe('Undisclosed');
  });

  it('labels sectors and leaves out what extraction could not tell', () => {
    expect(sectorLabel('climate_tech')).toBe('Climate Tech');
    expect(sectorLabel('b2b_saas')).toBe('B2B SaaS');
    expect(shownSector('fintech')).toBe('Fintech');
    expect(shownSector('other')).toBeNull();
    expect(shownSector('Other')).toBeNull();
    expect(shownSector(null)).toBeNull();
    expect(shownRegion('UK')).toBe('UK');
    expect(shownRegion('Unknown')).toBeNull();
    expect(shownRegion(null)).toBeNull();
  });

  it('shows the publication date when known, else when the article was read', () => {
    const now = new Date('2026-03-04T12:00:00Z');
    expect(timeText(toFundingSignal(makeAnnouncement()), now)).toBe('1 Mar 2026');
    const unknownDate = toFundingSignal(
      makeAnnouncement({
        sources: [{ name: 'Posted', url: null, published_at: null }],
        announced_at: '2026-03-02T12:00:00Z',
      }),
    );
    expect(unknownDate.isActualDate).toBe(false);
    expect(timeText(unknownDate, now)).toBe('Seen 2 days ago');
  });

  it('rates timing by the age of the round, in bands that fit the 30-day list', () => {
    // Published 1 Mar 2026 08:00 UTC.
    const signal = toFundingSignal(makeAnnouncement());
    const at = (iso: string) => timingText(signal, new Date(iso));
    expect(at('2026-03-01T09:00:00Z')).toBe('Optimal: the round has just closed, approach now');
    expect(at('2026-03-08T23:00:00Z')).toMatch(/^Optimal/); // 7 days
    expect(at('2026-03-09T09:00:00Z')).toBe('Good: the round is recent, approach within days'); // 8 days
    expect(at('2026-03-22T23:00:00Z')).toMatch(/^Good/); // 21 days
    expect(at('2026-03-23T09:00:00Z')).toBe('Later: the round is weeks old, other lenders will have called');
    expect(at('2026-03-31T09:00:00Z')).toMatch(/^Later/); // 30 days: the oldest the list holds
  });
});
