import { DEFAULT_THESIS } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { suggestFacility } from '../facility.ts';
import {
  burnMultipleCalculation,
  CALCULATION_INPUTS,
  type CalculationName,
  type CalculationValues,
  cacPaybackCalculation,
  calculate,
  debtServiceCoverageCalculation,
  equals,
  facilitySizingCalculation,
  figure,
  ltvCacCalculation,
  money,
  percent,
  ruleOf40Calculation,
  runwayCalculation,
} from './index.ts';

/** Inputs as a caller gives them: every value sourced "given". */
const given = (values: Record<string, number>): CalculationValues =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value, source: 'given' }]));

describe('number writing', () => {
  it('writes figures with separators and at most two decimals, money with its sign first', () => {
    expect(figure(1_365_517.2413)).toBe('1,365,517.24');
    expect(figure(18)).toBe('18');
    expect(money(-3_420_000)).toBe('-€3,420,000');
    expect(money(0.5)).toBe('€0.5');
    expect(percent(0.45)).toBe('45%');
    expect(percent(-0.824096)).toBe('-82.41%');
  });

  it('says ≈ only when the shown figure was rounded', () => {
    expect(equals(18, 18)).toBe('=');
    expect(equals(3.6923, 3.69)).toBe('≈');
    // 0.1 + 0.2 is 0.3 to a person: floating-point noise is not rounding.
    expect(equals(0.1 + 0.2, 0.3)).toBe('=');
  });
});

describe('runway', () => {
  it('divides cash by monthly net burn and shows the division', () => {
    const result = runwayCalculation(given({ cash: 6_300_000, monthly_burn: 350_000 }));
    expect(result).toMatchObject({ result: 18, unit: 'months', missing: [], range: null });
    expect(result.formula).toBe('Runway (months) = cash ÷ monthly net burn');
    expect(result.steps).toEqual(['Runway = €6,300,000 ÷ €350,000 per month = 18 months']);
    expect(result.inputs_used).toEqual([
      { name: 'cash', value: 6_300_000, source: 'given' },
      { name: 'monthly_burn', value: 350_000, source: 'given' },
    ]);
    expect(result.interpretation).toContain('18 months of runway');
  });

  it('rounds to two decimals and says so', () => {
    const result = runwayCalculation(given({ cash: 1_000_000, monthly_burn: 300_000 }));
    expect(result.result).toBe(3.33);
    expect(result.steps[0]).toBe('Runway = €1,000,000 ÷ €300,000 per month ≈ 3.33 months');
    expect(result.interpretation).toContain('under the 6-month minimum');
  });

  it('reads under 12 months as short and under 6 as critical', () => {
    expect(runwayCalculation(given({ cash: 5_000_000, monthly_burn: 500_000 })).interpretation).toContain(
      'under 12 months',
    );
    expect(runwayCalculation(given({ cash: 2_100_000, monthly_burn: 420_000 })).result).toBe(5);
  });

  it('a company that does not burn is not running out: no result, nothing missing', () => {
    for (const burn of [0, -100_000]) {
      const result = runwayCalculation(given({ cash: 18_000_000, monthly_burn: burn }));
      expect(result.result).toBeNull();
      expect(result.missing).toEqual([]);
      expect(result.interpretation).toBe(
        'Not burning cash: runway is not limited by burn (cash generative).',
      );
    }
    // Even without cash, a negative burn answers the question.
    expect(runwayCalculation(given({ monthly_burn: -1 })).missing).toEqual(['cash']);
  });

  it('no cash is zero months of runway, not an error', () => {
    expect(runwayCalculation(given({ cash: 0, monthly_burn: 100_000 })).result).toBe(0);
  });

  it('names what is missing and answers no result', () => {
    expect(runwayCalculation(given({ cash: 1 }))).toMatchObject({
      result: null,
      missing: ['monthly_burn'],
      steps: [],
    });
    expect(runwayCalculation(given({}))).toMatchObject({ result: null, missing: ['cash', 'monthly_burn'] });
  });
});

describe('burn multiple', () => {
  it('derives annual burn and net new ARR from monthly burn, ARR and growth, step by step', () => {
    const result = burnMultipleCalculation(
      given({ monthly_burn: 420_000, arr: 4_400_000, revenue_growth: 0.45 }),
    );
    expect(result.result).toBe(3.69);
    expect(result.steps).toEqual([
      'Annual net burn = €420,000 × 12 = €5,040,000',
      'Net new ARR = ARR × growth ÷ (1 + growth) = €4,400,000 × 45% ÷ 1.45 ≈ €1,365,517.24',
      'Burn multiple = €5,040,000 ÷ €1,365,517.24 ≈ 3.69',
    ]);
    expect(result.interpretation).toBe('3.69, above 3: growth is costing too much cash.');
    expect(result.inputs_used.map((input) => input.name)).toEqual(['monthly_burn', 'arr', 'revenue_growth']);
  });

  it('takes net burn and net new ARR as given', () => {
    const result = burnMultipleCalculation(given({ net_burn: 3_000_000, net_new_arr: 2_000_000 }));
    expect(result).toMatchObject({ result: 1.5, steps: ['Burn multiple = €3,000,000 ÷ €2,000,000 = 1.5'] });
    expect(result.interpretation).toContain('efficient');
  });

  it('takes net new ARR as this year less last year', () => {
    const result = burnMultipleCalculation(
      given({ net_burn: 5_000_000, arr: 10_000_000, arr_last_year: 8_000_000 }),
    );
    expect(result.steps[0]).toBe('Net new ARR = €10,000,000 − €8,000,000 = €2,000,000');
    expect(result.result).toBe(2.5);
    expect(result.interpretation).toBe('2.5, above 2: growth is expensive.');
  });

  it('uses annual revenue when ARR is unknown, and says so', () => {
    const result = burnMultipleCalculation(
      given({ monthly_burn: 100_000, revenue: 2_000_000, revenue_growth: 1 }),
    );
    expect(result.steps[1]).toBe(
      'Net new ARR = annual revenue × growth ÷ (1 + growth) = €2,000,000 × 100% ÷ 2 = €1,000,000',
    );
    expect(result.result).toBe(1.2);
  });

  it('no new ARR is an unbounded multiple, not a division by zero', () => {
    for (const growth of [0, -0.1]) {
      const result = burnMultipleCalculation(
        given({ monthly_burn: 100_000, arr: 1_000_000, revenue_growth: growth }),
      );
      expect(result.result).toBeNull();
      expect(result.missing).toEqual([]);
      expect(result.interpretation).toContain('unbounded');
    }
    expect(burnMultipleCalculation(given({ net_burn: 1, net_new_arr: 0 })).result).toBeNull();
  });

  it('a company that does not burn has no burn multiple', () => {
    const result = burnMultipleCalculation(
      given({ monthly_burn: -50_000, arr: 1_000_000, revenue_growth: 0.5 }),
    );
    expect(result).toMatchObject({ result: null, missing: [] });
    expect(result.interpretation).toContain('cash generative');
  });

  it('names the missing inputs', () => {
    expect(burnMultipleCalculation(given({ arr: 1 })).missing).toEqual(['monthly_burn', 'revenue_growth']);
    expect(burnMultipleCalculation(given({})).missing).toEqual(['monthly_burn', 'arr', 'revenue_growth']);
  });
});

describe('Rule of 40', () => {
  it('adds growth and the EBITDA margin worked out from EBITDA and revenue', () => {
    const result = ruleOf40Calculation(
      given({ revenue_growth: 0.45, ebitda: -3_420_000, revenue: 4_150_000 }),
    );
    expect(result.result).toBe(-37.41);
    expect(result.unit).toBe('percent_points');
    expect(result.steps).toEqual([
      'EBITDA margin = EBITDA ÷ revenue = -€3,420,000 ÷ €4,150,000 ≈ -82.41%',
      'Rule of 40 = 45% growth − 82.41% EBITDA margin ≈ -37.41 points',
    ]);
    expect(result.interpretation).toBe('-37.41 points: 77.41 points short of the Rule of 40.');
  });

  it('takes a margin as given, EBITDA first, then free cash flow', () => {
    const ebitda = ruleOf40Calculation(given({ revenue_growth: 0.3, ebitda_margin: 0.15, fcf_margin: 0.05 }));
    expect(ebitda).toMatchObject({
      result: 45,
      steps: ['Rule of 40 = 30% growth + 15% EBITDA margin = 45 points'],
    });
    expect(ebitda.interpretation).toContain('meets the Rule of 40');
    const fcf = ruleOf40Calculation(given({ revenue_growth: 0.3, fcf_margin: 0.1 }));
    expect(fcf.steps).toEqual(['Rule of 40 = 30% growth + 10% FCF margin = 40 points']);
    expect(fcf.result).toBe(40);
  });

  it('works out an FCF margin from free cash flow when no EBITDA is known', () => {
    const result = ruleOf40Calculation(
      given({ revenue_growth: 0.2, free_cash_flow: 1_000_000, revenue: 10_000_000 }),
    );
    expect(result.steps[0]).toBe('FCF margin = free cash flow ÷ revenue = €1,000,000 ÷ €10,000,000 = 10%');
    expect(result.result).toBe(30);
  });

  it('zero revenue gives no margin', () => {
    const result = ruleOf40Calculation(given({ revenue_growth: 0.2, ebitda: -1, revenue: 0 }));
    expect(result.result).toBeNull();
    expect(result.interpretation).toContain('no margin');
  });

  it('names what is missing', () => {
    expect(ruleOf40Calculation(given({ ebitda_margin: 0.1 })).missing).toEqual(['revenue_growth']);
    expect(ruleOf40Calculation(given({ revenue_growth: 0.1 })).missing).toEqual(['ebitda', 'revenue']);
  });
});

describe('LTV/CAC', () => {
  it('divides lifetime value by acquisition cost', () => {
    const result = ltvCacCalculation(given({ ltv: 30_000, cac: 9_000 }));
    expect(result).toMatchObject({ result: 3.33, steps: ['LTV/CAC = €30,000 ÷ €9,000 ≈ 3.33'] });
    expect(result.interpretation).toContain('healthy');
  });

  it('works out LTV from revenue per customer, gross margin and churn', () => {
    const result = ltvCacCalculation(
      given({ arpa: 1_000, gross_margin: 0.8, monthly_churn: 0.02, cac: 20_000 }),
    );
    expect(result.steps).toEqual([
      'LTV = €1,000 per month × 80% gross margin ÷ 2% monthly churn = €40,000',
      'LTV/CAC = €40,000 ÷ €20,000 = 2',
    ]);
    expect(result.result).toBe(2);
    expect(result.interpretation).toBe('2, under 3: unit economics are thin.');
    expect(ltvCacCalculation(given({ ltv: 5, cac: 10 })).interpretation).toContain('under 1');
  });

  it('no churn and no CAC give no finite ratio', () => {
    const noChurn = ltvCacCalculation(given({ arpa: 1_000, gross_margin: 0.8, monthly_churn: 0, cac: 1 }));
    expect(noChurn).toMatchObject({ result: null, missing: [] });
    expect(noChurn.interpretation).toContain('no finite value');
    const noCac = ltvCacCalculation(given({ ltv: 1_000, cac: 0 }));
    expect(noCac).toMatchObject({ result: null, missing: [] });
  });

  it('names what is missing', () => {
    expect(ltvCacCalculation(given({})).missing).toEqual(['arpa', 'gross_margin', 'monthly_churn', 'cac']);
    expect(ltvCacCalculation(given({ ltv: 1 })).missing).toEqual(['cac']);
  });
});

describe('CAC payback', () => {
  it('divides CAC by the monthly gross profit of a customer', () => {
    const result = cacPaybackCalculation(given({ cac: 12_000, arpa: 1_000, gross_margin: 0.75 }));
    expect(result.steps).toEqual([
      'Monthly gross profit per customer = €1,000 × 75% = €750',
      'CAC payback = €12,000 ÷ €750 = 16 months',
    ]);
    expect(result).toMatchObject({ result: 16, unit: 'months' });
    expect(result.interpretation).toContain('within the 18-month limit');
    expect(
      cacPaybackCalculation(given({ cac: 6_000, arpa: 1_000, gross_margin: 1 })).interpretation,
    ).toContain('within a year');
    expect(
      cacPaybackCalculation(given({ cac: 30_000, arpa: 1_000, gross_margin: 1 })).interpretation,
    ).toContain('above 18');
  });

  it('no gross profit is never paid back', () => {
    const result = cacPaybackCalculation(given({ cac: 1_000, arpa: 100, gross_margin: 0 }));
    expect(result).toMatchObject({ result: null, missing: [] });
    expect(result.interpretation).toContain('never paid back');
  });

  it('names what is missing', () => {
    expect(cacPaybackCalculation(given({ cac: 1 })).missing).toEqual(['arpa', 'gross_margin']);
  });
});

describe('debt service coverage', () => {
  it('divides the cash flow available by the debt service', () => {
    const result = debtServiceCoverageCalculation(
      given({ cash_flow_available: 1_500_000, debt_service: 1_000_000 }),
    );
    expect(result).toMatchObject({
      result: 1.5,
      steps: ['Debt service coverage = €1,500,000 ÷ €1,000,000 = 1.5×'],
    });
    expect(result.interpretation).toContain('comfortably');
    expect(
      debtServiceCoverageCalculation(given({ cash_flow_available: 1_100_000, debt_service: 1_000_000 }))
        .interpretation,
    ).toContain('tight');
    expect(
      debtServiceCoverageCalculation(given({ cash_flow_available: -200_000, debt_service: 1_000_000 })),
    ).toMatchObject({ result: -0.2 });
  });

  it('no debt service gives no ratio', () => {
    const result = debtServiceCoverageCalculation(given({ cash_flow_available: 1, debt_service: 0 }));
    expect(result).toMatchObject({ result: null, missing: [] });
    expect(result.interpretation).toBe('There is no debt service to cover.');
  });

  it('names what is missing', () => {
    expect(debtServiceCoverageCalculation(given({})).missing).toEqual([
      'cash_flow_available',
      'debt_service',
    ]);
  });
});

describe('facility sizing', () => {
  it('is the scoring engine’s suggestion, with its reasoning as the steps', () => {
    const metrics = { last_round_amount: 20_000_000, arr: 8_400_000, monthly_burn: 350_000 };
    const result = facilitySizingCalculation(given(metrics), DEFAULT_THESIS);
    const expected = suggestFacility({ financial_metrics: metrics }, DEFAULT_THESIS);
    expect(result.range).toEqual({ min: 2_500_000, max: 4_200_000 });
    expect(result.range).toEqual({ min: expected.min, max: expected.max });
    expect(result.steps).toEqual(expected.reasoning);
    expect(result).toMatchObject({ result: null, unit: 'currency', missing: [] });
  });

  it('reads revenue only when ARR is unknown', () => {
    const withArr = facilitySizingCalculation(given({ arr: 8_000_000, revenue: 7_000_000 }), DEFAULT_THESIS);
    expect(withArr.inputs_used.map((input) => input.name)).toEqual(['arr']);
    const withRevenue = facilitySizingCalculation(given({ revenue: 7_000_000 }), DEFAULT_THESIS);
    expect(withRevenue.inputs_used.map((input) => input.name)).toEqual(['revenue']);
    expect(withRevenue.range).toEqual({ min: 2_100_000, max: 3_500_000 });
  });

  it('nothing to size from: no range, and what would do', () => {
    const result = facilitySizingCalculation(given({ cash: 1_000_000 }), DEFAULT_THESIS);
    expect(result).toMatchObject({ range: null, result: null });
    expect(result.missing).toEqual(['last_round_amount', 'arr', 'monthly_burn']);
  });
});

describe('every calculation', () => {
  const names = Object.keys(CALCULATION_INPUTS) as CalculationName[];

  it('answers a missing input with no result and never throws, whatever is missing', () => {
    for (const name of names) {
      const result = calculate(name, given({}), DEFAULT_THESIS);
      expect(result.result, name).toBeNull();
      expect(result.missing.length, name).toBeGreaterThan(0);
      expect(result.formula.length, name).toBeGreaterThan(0);
    }
  });

  it('never answers NaN or Infinity, even for extreme inputs', () => {
    const extremes = [0, -0, 1e-12, -1, 1e15, -1e15];
    for (const name of names) {
      for (const value of extremes) {
        const values = given(Object.fromEntries(CALCULATION_INPUTS[name].map((input) => [input, value])));
        const result = calculate(name, values, DEFAULT_THESIS);
        if (result.result !== null) expect(Number.isFinite(result.result), `${name} ${value}`).toBe(true);
        expect(result.steps.join(' '), `${name} ${value}`).not.toMatch(/NaN|Infinity/);
      }
    }
  });

  it('records each input used once, with its source', () => {
    const values: CalculationValues = {
      cash: { value: 6_300_000, source: 'Acme Ltd — deal #1' },
      monthly_burn: { value: 350_000, source: 'Board pack.pdf, page 3' },
    };
    expect(calculate('runway', values, DEFAULT_THESIS).inputs_used).toEqual([
      { name: 'cash', value: 6_300_000, source: 'Acme Ltd — deal #1' },
      { name: 'monthly_burn', value: 350_000, source: 'Board pack.pdf, page 3' },
    ]);
  });
});
