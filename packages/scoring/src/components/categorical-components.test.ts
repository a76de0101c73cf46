import { describe, expect, it } from 'vitest';
import { THESIS, thesisWith } from '../testing/fixtures.ts';
import { MISSING_DATA_SCORE, NO_PREFERENCE_SCORE, OUTSIDE_THESIS_SCORE } from '../weights.ts';
import { scoreGeographicFit } from './geographic-fit.ts';
import { scoreSectorAlignment } from './sector-alignment.ts';
import { scoreStageFit } from './stage-fit.ts';

describe('sector alignment', () => {
  it('is 10 × the weight of the matched sector, with the reason', () => {
    expect(scoreSectorAlignment('SaaS', THESIS)).toEqual({
      score: 10,
      reason: '"SaaS" is another name for the thesis sector B2B SaaS (weight 1).',
    });
    expect(scoreSectorAlignment('Fintech', THESIS).score).toBe(9);
    expect(scoreSectorAlignment('Robotics', THESIS).reason).toContain('Deeptech');
  });

  it('scores sectors outside the thesis low and missing ones neutral-low', () => {
    expect(scoreSectorAlignment('Gaming', THESIS)).toEqual({
      score: OUTSIDE_THESIS_SCORE,
      reason: '"Gaming" is not among the thesis target sectors.',
    });
    expect(scoreSectorAlignment('  ', THESIS).score).toBe(MISSING_DATA_SCORE);
    expect(scoreSectorAlignment(undefined, THESIS).reason).toContain('No sector given');
  });

  it('is neutral when the thesis has no sector preferences', () => {
    expect(scoreSectorAlignment('Gaming', thesisWith({ target_sectors: {} })).score).toBe(
      NO_PREFERENCE_SCORE,
    );
  });
});

describe('geographic fit', () => {
  it('is 10 × the market weight', () => {
    expect(scoreGeographicFit('UK', THESIS)).toEqual({
      score: 10,
      reason: 'United Kingdom is a thesis market (weight 1).',
    });
    expect(scoreGeographicFit('Munich, Germany', THESIS).score).toBe(9);
    expect(scoreGeographicFit('Helsinki', THESIS)).toEqual({
      score: 8,
      reason: 'Finland falls within the thesis market Nordics (weight 0.8).',
    });
  });

  it('reduces broad regions and explains it', () => {
    const fit = scoreGeographicFit('Europe', THESIS);
    expect(fit.score).toBe(7);
    expect(fit.reason).toContain('counted at 70%');
  });

  it('scores places outside the markets low and missing ones neutral-low', () => {
    expect(scoreGeographicFit('USA', THESIS)).toEqual({
      score: OUTSIDE_THESIS_SCORE,
      reason: 'United States is not among the thesis primary markets.',
    });
    expect(scoreGeographicFit(null, THESIS).score).toBe(MISSING_DATA_SCORE);
    expect(scoreGeographicFit('UK', thesisWith({ primary_markets: {} })).score).toBe(NO_PREFERENCE_SCORE);
  });
});

describe('stage fit (targets Series A–C)', () => {
  it.each([
    ['Series B', 10],
    ['Series D', 5],
    ['Seed', 5],
    ['Pre-IPO', 2.5],
    ['Pre-seed', 2.5],
    ['IPO', 1],
  ])('%s scores %d', (stage, expected) => {
    expect(scoreStageFit(stage, THESIS).score).toBe(expected);
  });

  it('explains the distance to the nearest target stage', () => {
    expect(scoreStageFit('Series E', THESIS).reason).toBe(
      'Series D+ is one round away from the nearest target stage (Series C).',
    );
    expect(scoreStageFit('Pre-IPO', THESIS).reason).toBe(
      'Pre-IPO is 2 rounds away from the nearest target stage (Series C).',
    );
  });

  it('scores missing and unrecognised stages neutral-low', () => {
    expect(scoreStageFit(undefined, THESIS).score).toBe(MISSING_DATA_SCORE);
    expect(scoreStageFit('Bridge', THESIS)).toEqual({
      score: MISSING_DATA_SCORE,
      reason: '"Bridge" is not a recognised funding stage.',
    });
    expect(scoreStageFit('Seed', thesisWith({ target_stages: [] })).score).toBe(NO_PREFERENCE_SCORE);
  });
});
