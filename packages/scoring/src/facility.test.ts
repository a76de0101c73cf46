import { describe, expect, it } from 'vitest';
import { suggestFacility } from './facility.ts';
import { HEALTHY_DEAL, THESIS, thesisWith } from './testing/fixtures.ts';

const size = (
  financial_metrics: Parameters<typeof suggestFacility>[0]['financial_metrics'],
  thesis = THESIS,
) => suggestFacility({ financial_metrics }, thesis);

describe('facility sizing', () => {
  it('takes the median of the three bases and explains each step', () => {
    const facility = suggestFacility(HEALTHY_DEAL, THESIS);
    expect(facility).toMatchObject({ min: 6_000_000, max: 10_000_000, currency: 'EUR' });
    expect(facility.reasoning).toEqual([
      'Last equity round €30M: 25–35% gives €7.5M–€10.5M.',
      'ARR €20M: 30–50% gives €6M–€10M.',
      'Monthly burn €600k: 6–9 more months of runway needs €3.6M–€5.4M.',
      'Median of the 3 bases: €6M–€10M.',
      'Suggested facility: €6M–€10M.',
    ]);
    expect(facility.basis.equity_round).toEqual({ from: 30_000_000, min: 7_500_000, max: 10_500_000 });
    expect(facility.basis.revenue).toMatchObject({ source: 'ARR', min: 6_000_000, max: 10_000_000 });
    expect(facility.basis.runway_extension).toEqual({ from: 600_000, min: 3_600_000, max: 5_400_000 });
  });

  it('never goes above the smallest equity- or revenue-based cap', () => {
    // Round €40M → €10M–€14M; revenue €4M → €1.2M–€2M; burn €1M → €6M–€9M; median max €9M > cap €2M.
    const facility = size({ last_round_amount: 40_000_000, revenue: 4_000_000, monthly_burn: 1_000_000 });
    expect(facility).toMatchObject({ min: 2_000_000, max: 2_000_000 });
    expect(facility.reasoning).toContain(
      'Capped at €2M, the smallest of the equity- and revenue-based limits.',
    );
  });

  it('uses one basis alone when it is all that is known', () => {
    expect(size({ arr: 10_000_000 })).toMatchObject({ min: 3_000_000, max: 5_000_000 });
    expect(size({ last_round_amount: 20_000_000 })).toMatchObject({ min: 5_000_000, max: 7_000_000 });
    const burnOnly = size({ monthly_burn: 500_000 });
    expect(burnOnly).toMatchObject({ min: 3_000_000, max: 4_500_000 });
    expect(burnOnly.reasoning).toContain(
      'No equity round or revenue is known to cap the runway need, so the range is indicative only.',
    );
  });

  it('caps at the thesis maximum deal size', () => {
    const facility = size({ last_round_amount: 200_000_000, arr: 100_000_000 });
    expect(facility).toMatchObject({ min: 25_000_000, max: 25_000_000 });
    // Median €40M–€60M, held to the revenue cap of €50M, then to the thesis maximum.
    expect(facility.basis.combined).toEqual({ min: 40_000_000, max: 50_000_000 });
    expect(facility.reasoning).toContain('Capped at the thesis maximum deal size of €25M.');
  });

  it('says when the capacity is below the thesis minimum, without inflating it', () => {
    const facility = size({ arr: 2_000_000 });
    expect(facility).toMatchObject({ min: 600_000, max: 1_000_000 });
    expect(facility.reasoning).toContain(
      'This is below the thesis minimum deal size of €2M: the company may be too small for this mandate.',
    );
  });

  it('warns that a short runway needs equity first', () => {
    const facility = size({ arr: 10_000_000, cash: 1_000_000, monthly_burn: 500_000 });
    expect(facility.reasoning).toContain(
      'With 2 months of runway, lenders usually require new equity before a first drawdown.',
    );
  });

  it('rounds to readable amounts', () => {
    expect(size({ arr: 7_777_777 })).toMatchObject({ min: 2_350_000, max: 3_900_000 });
    expect(size({ arr: 777_777 })).toMatchObject({ min: 230_000, max: 390_000 });
  });

  it('returns no range, with the reason, when nothing is known', () => {
    for (const metrics of [undefined, {}, { revenue: 0, last_round_amount: -5, monthly_burn: -1 }]) {
      const facility = size(metrics);
      expect(facility.min).toBeNull();
      expect(facility.max).toBeNull();
      expect(facility.reasoning).toEqual([
        'No last equity round, revenue or burn is known, so no facility can be sized.',
      ]);
    }
  });

  it('follows the thesis range it is given', () => {
    const small = thesisWith({ deal_size_range: [500_000, 3_000_000] });
    expect(size({ arr: 20_000_000 }, small)).toMatchObject({ min: 3_000_000, max: 3_000_000 });
  });
});
