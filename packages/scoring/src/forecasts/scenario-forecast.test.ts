import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ForecastFacility,
  type ForecastInputs,
  forecastScenarios,
  SCENARIO_CASES,
  type ScenarioForecast,
} from './scenario-forecast.ts';

const given = (value: number) => ({ value, source: 'given' });

/** €300k drawn in month 1 at 12 % a year (1 % a month), 3 months interest only, then 6 equal repayments. */
const FACILITY: ForecastFacility = {
  amount: given(300_000),
  interest_rate: given(0.12),
  drawdown_month: given(1),
  interest_only_months: given(3),
  amortisation_months: given(6),
};

/** Flat revenue of €100k a month, 50 % gross margin, €50k burn, €200k cash. */
const FLAT: ForecastInputs = {
  annual_revenue: given(1_200_000),
  revenue_growth: given(0),
  gross_margin: given(0.5),
  monthly_burn: given(50_000),
  cash: given(200_000),
};

function complete(forecast: ScenarioForecast) {
  if (forecast.status !== 'complete') throw new Error(forecast.notes.join(' '));
  return forecast;
}

describe('scenario forecasts', () => {
  it('projects a flat business month by month, with and without the facility', () => {
    const { cases } = complete(forecastScenarios(FLAT, FACILITY, 12));
    const base = cases.base;
    // opex0 = burn0 + gm × r0 = 50,000 + 0.5 × 100,000 = 100,000; no growth, so every month
    // burn = 100,000 − 0.5 × 100,000 = 50,000 and cash falls by 50,000.
    expect(base.months.map((m) => m.burn)).toEqual(Array(12).fill(50_000));
    expect(base.months.map((m) => m.revenue)).toEqual(Array(12).fill(100_000));
    // Cash: 150k, 100k, 50k, 0 (not below zero), −50k in month 5.
    expect(base.months.slice(0, 5).map((m) => m.cash)).toEqual([150_000, 100_000, 50_000, 0, -50_000]);
    expect(base.cash_out_month).toBe(5);
    // With the facility:
    // m1: 200,000 − 50,000 + 300,000 draw − 3,000 interest (1 % of 300k) = 447,000
    // m2: 447,000 − 50,000 − 3,000 = 394,000; m3: 341,000 (interest only)
    // m4: 341,000 − 50,000 − 3,000 − 50,000 principal (300k ÷ 6) = 238,000 (balance 250k)
    // m5: 238,000 − 50,000 − 2,500 − 50,000 = 135,500 (balance 200k)
    // m6: 135,500 − 50,000 − 2,000 − 50,000 = 33,500 (balance 150k)
    // m7: 33,500 − 50,000 − 1,500 − 50,000 = −68,000 → below zero in month 7
    expect(base.months.slice(0, 7).map((m) => m.cash_with_facility)).toEqual([
      447_000, 394_000, 341_000, 238_000, 135_500, 33_500, -68_000,
    ]);
    expect(base.months.slice(0, 7).map((m) => m.facility_balance)).toEqual([
      300_000, 300_000, 300_000, 250_000, 200_000, 150_000, 100_000,
    ]);
    expect(base.cash_out_month_with_facility).toBe(7);
  });

  it('runs the downside 10 % over cost and the upside no differently when there is no growth to scale', () => {
    const { cases } = complete(forecastScenarios(FLAT, FACILITY, 12));
    // Downside burn = 1.1 × 100,000 − 50,000 = 60,000: cash 140k, 80k, 20k, −40k → month 4.
    expect(cases.downside.months[0]!.burn).toBeCloseTo(60_000, 6);
    expect(cases.downside.cash_out_month).toBe(4);
    // With the facility: m1 200k − 60k + 300k − 3k = 437k; m2 374k; m3 311k;
    // m4 311k − 60k − 53k = 198k; m5 198k − 60k − 52.5k = 85.5k; m6 85.5k − 60k − 52k = −26.5k → month 6.
    expect(cases.downside.months[5]!.cash_with_facility).toBeCloseTo(-26_500, 6);
    expect(cases.downside.cash_out_month_with_facility).toBe(6);
    // Zero growth adjusted by any share of its size is still zero.
    expect(cases.upside.cash_out_month).toBe(5);
  });

  it('grows revenue and costs by the case rates', () => {
    const inputs: ForecastInputs = {
      annual_revenue: given(1_200_000),
      revenue_growth: given(1),
      gross_margin: given(0.75),
      monthly_burn: given(100_000),
      cash: given(1_000_000),
    };
    const { cases } = complete(forecastScenarios(inputs, null, 24));
    // Base: growth 100 %; month 12 revenue = 100,000 × 2 = 200,000.
    // opex0 = 100,000 + 0.75 × 100,000 = 175,000; costs grow 50 % of 100 % = 50 % a year → 262,500.
    // burn12 = 262,500 − 0.75 × 200,000 = 112,500.
    expect(cases.base.months[11]!.revenue).toBeCloseTo(200_000, 6);
    expect(cases.base.months[11]!.burn).toBeCloseTo(112_500, 6);
    // Upside: growth 100 % + 25 % of 100 % = 125 %; revenue12 = 225,000; burn12 = 262,500 − 168,750 = 93,750.
    expect(cases.upside.annual_growth).toBe(1.25);
    expect(cases.upside.months[11]!.burn).toBeCloseTo(93_750, 6);
    // Downside: growth 50 %; revenue12 = 150,000; costs 1.1 × 262,500 = 288,750; burn12 = 288,750 − 112,500 = 176,250.
    expect(cases.downside.months[11]!.revenue).toBeCloseTo(150_000, 6);
    expect(cases.downside.months[11]!.burn).toBeCloseTo(176_250, 6);
    // Month 24 base: revenue 100,000 × 4 = 400,000; costs 175,000 × 1.5² = 393,750; burn = 393,750 − 300,000 = 93,750.
    expect(cases.base.months[23]!.burn).toBeCloseTo(93_750, 6);
    // No facility: nothing to draw, said so.
    expect(cases.base.months[0]!.cash_with_facility).toBeNull();
    expect(cases.base.cash_out_month_with_facility).toBeNull();
  });

  it('moves a shrinking business the right way in each case', () => {
    const { cases } = complete(forecastScenarios({ ...FLAT, revenue_growth: given(-0.2) }, null, 12));
    // −20 % + 25 % of 20 % = −15 % (upside); −20 % − 50 % of 20 % = −30 % (downside).
    expect(cases.upside.annual_growth).toBeCloseTo(-0.15, 12);
    expect(cases.downside.annual_growth).toBeCloseTo(-0.3, 12);
    // Costs do not shrink with revenue: month 12 base revenue 80,000, burn = 100,000 − 40,000 = 60,000.
    expect(cases.base.months[11]!.burn).toBeCloseTo(60_000, 6);
  });

  it('says what it lacks instead of projecting without it', () => {
    const forecast = forecastScenarios(
      { annual_revenue: given(1_000_000), gross_margin: given(0.7) },
      FACILITY,
      60,
    );
    expect(forecast).toMatchObject({ status: 'insufficient_data', cases: null });
    expect(forecast.missing).toEqual(['revenue_growth', 'monthly_burn', 'cash']);
    expect(forecast.notes[0]).toBe(
      'Not in the data: revenue_growth, monthly_burn, cash. No projection is made without them.',
    );
    // The figures it did have are still shown with their sources.
    expect(forecast.assumptions.map((a) => a.name)).toEqual(['annual_revenue', 'gross_margin']);
  });

  it('holds burn flat when the gross margin is not in the data, and says so', () => {
    const { gross_margin: _unused, ...rest } = FLAT;
    const forecast = complete(forecastScenarios({ ...rest, revenue_growth: given(0.5) }, null, 12));
    expect(forecast.missing).toEqual(['gross_margin', 'facility']);
    expect(forecast.notes).toContain(
      'Gross margin is not in the data: burn is held at the current rate and does not fall as revenue grows.',
    );
    // Costs still grow 25 % a year (half of 50 %): month 12 burn = 50,000 × 1.25 = 62,500.
    expect(forecast.cases.base.months[11]!.burn).toBeCloseTo(62_500, 6);
  });

  it('names every assumption with its source', () => {
    const forecast = complete(forecastScenarios(FLAT, FACILITY, 60));
    expect(forecast.horizon_months).toBe(60);
    const names = forecast.assumptions.map((a) => a.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'annual_revenue',
        'base_annual_growth',
        'upside_annual_growth',
        'downside_annual_growth',
        'downside_cost_factor',
        'cost_growth',
        'facility_amount',
        'facility_interest_rate',
      ]),
    );
    for (const assumption of forecast.assumptions) expect(assumption.source).not.toBe('');
    expect(SCENARIO_CASES.downside.cost_factor).toBe(1.1);
  });

  const inputs = fc.record({
    annual_revenue: fc.double({ min: 0, max: 1e9, noNaN: true }).map(given),
    revenue_growth: fc.double({ min: -1, max: 5, noNaN: true }).map(given),
    gross_margin: fc.double({ min: 0, max: 1, noNaN: true }).map(given),
    monthly_burn: fc.double({ min: -1e7, max: 1e7, noNaN: true }).map(given),
    cash: fc.double({ min: 0, max: 1e9, noNaN: true }).map(given),
  });

  it('never has the upside end with less cash than the base, nor the base less than the downside', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 1, max: 60 }), (values, horizon) => {
        const { cases } = complete(forecastScenarios(values, FACILITY, horizon));
        for (let index = 0; index < horizon; index++) {
          const tolerance =
            1e-6 *
            (1 + Math.abs(cases.base.months[index]!.cash) + Math.abs(values.monthly_burn.value) * horizon);
          expect(cases.upside.months[index]!.cash).toBeGreaterThanOrEqual(
            cases.base.months[index]!.cash - tolerance,
          );
          expect(cases.base.months[index]!.cash).toBeGreaterThanOrEqual(
            cases.downside.months[index]!.cash - tolerance,
          );
        }
        const out = (month: number | null) => month ?? Number.POSITIVE_INFINITY;
        expect(out(cases.upside.cash_out_month)).toBeGreaterThanOrEqual(out(cases.base.cash_out_month));
        expect(out(cases.base.cash_out_month)).toBeGreaterThanOrEqual(out(cases.downside.cash_out_month));
      }),
      { numRuns: 200 },
    );
  });

  it('costs exactly its interest once the facility is repaid', () => {
    fc.assert(
      fc.property(
        inputs,
        fc.integer({ min: 1_000, max: 10_000_000 }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 1, max: 36 }),
        (values, amount, rate, interestOnly, amortisation) => {
          const facility: ForecastFacility = {
            amount: given(amount),
            interest_rate: given(rate),
            drawdown_month: given(1),
            interest_only_months: given(interestOnly),
            amortisation_months: given(amortisation),
          };
          const horizon = 1 + interestOnly + amortisation;
          const { cases } = complete(forecastScenarios(values, facility, horizon));
          const last = cases.base.months.at(-1)!;
          expect(last.facility_balance).toBeCloseTo(0, 3);
          // Interest paid: amount × rate/12 for each interest-only month, then on the declining balance.
          let interest = 0;
          let balance = amount;
          for (let month = 1; month <= horizon; month++) {
            interest += (balance * rate) / 12;
            if (month > interestOnly) balance -= amount / amortisation;
          }
          const tolerance = 1e-6 * (1 + Math.abs(last.cash));
          expect(last.cash - last.cash_with_facility!).toBeCloseTo(
            interest,
            Math.max(0, -Math.log10(tolerance)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
