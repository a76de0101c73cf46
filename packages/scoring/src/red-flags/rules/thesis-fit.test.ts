import { describe, expect, it } from 'vitest';
import { context, thesisWith } from '../../testing/fixtures.ts';
import { amountOutsideRange, dealTypeOutsideThesis, stageOutsideThesis } from './mandate-fit.ts';
import { geographyOutsideThesis, sectorOutsideThesis } from './market-fit.ts';

const subject = (fields: Parameters<typeof context>[1]) => context({}, fields);

describe('amount outside the thesis range rule (€2M–€25M)', () => {
  it.each([
    [1_999_999, 'medium'],
    [2_000_000, null],
    [25_000_000, null],
    [25_000_001, 'medium'],
  ])('amount %d → %s', (amount, severity) => {
    expect(amountOutsideRange(subject({ amount_requested: amount }))?.severity ?? null).toBe(severity);
  });

  it('is an operational flag naming the limit', () => {
    expect(amountOutsideRange(subject({ amount_requested: 40_000_000 }))).toEqual({
      severity: 'medium',
      flag_type: 'amount_outside_thesis_range',
      category: 'operational',
      description: 'The €40M requested is above the thesis maximum of €25M.',
    });
    expect(amountOutsideRange(subject({}))).toBeNull();
  });
});

describe('stage outside the thesis rule', () => {
  it('flags recognised stages outside the targets', () => {
    expect(stageOutsideThesis(subject({ stage: 'series b' }))).toBeNull();
    expect(stageOutsideThesis(subject({ stage: 'Seed' }))).toEqual({
      severity: 'medium',
      flag_type: 'stage_outside_thesis',
      category: 'operational',
      description: 'Seed is outside the thesis target stages (Series A, Series B, Series C).',
    });
  });

  it('says nothing for unknown stages or a thesis without targets', () => {
    expect(stageOutsideThesis(subject({ stage: 'Bridge' }))).toBeNull();
    expect(stageOutsideThesis(context({}, { stage: 'Seed' }, thesisWith({ target_stages: [] })))).toBeNull();
  });
});

describe('deal type outside the thesis rule', () => {
  it('flags products the lender does not offer', () => {
    expect(dealTypeOutsideThesis(subject({ deal_type: 'RBF' }))).toBeNull();
    expect(dealTypeOutsideThesis(subject({ deal_type: 'Growth Equity' }))).toMatchObject({
      severity: 'medium',
      category: 'operational',
      description: 'growth_equity is not a deal type of the thesis (venture_debt, revenue_based_financing).',
    });
    expect(dealTypeOutsideThesis(subject({ deal_type: 'mezzanine' }))).toBeNull();
  });
});

describe('market rules', () => {
  it('flags sectors outside the thesis as low market flags', () => {
    expect(sectorOutsideThesis(subject({ sector: 'Fintech' }))).toBeNull();
    expect(sectorOutsideThesis(subject({ sector: 'Gaming' }))).toEqual({
      severity: 'low',
      flag_type: 'sector_outside_thesis',
      category: 'market',
      description: 'The sector "Gaming" is outside the thesis target sectors.',
    });
    expect(sectorOutsideThesis(subject({}))).toBeNull();
  });

  it('flags geographies outside the thesis markets as low market flags', () => {
    expect(geographyOutsideThesis(subject({ geography: 'Paris' }))).toBeNull();
    expect(geographyOutsideThesis(subject({ geography: 'USA' }))).toEqual({
      severity: 'low',
      flag_type: 'geography_outside_thesis',
      category: 'market',
      description: 'United States is outside the thesis primary markets.',
    });
  });
});
