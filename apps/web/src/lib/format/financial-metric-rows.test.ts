import { describe, expect, it } from 'vitest';
import { financialMetricRows } from './financial-metric-rows.ts';

describe('financialMetricRows', () => {
  it('lists only the known metrics, formatted', () => {
    expect(
      financialMetricRows({
        arr: 8_400_000,
        revenue_growth: 0.65,
        gross_margin: 0.712,
        runway_months: 14,
        employee_count: 85,
        cash: null,
        last_round_date: '2024-11-01',
      }),
    ).toEqual([
      { label: 'ARR', value: '€8.4M' },
      { label: 'Revenue growth', value: '65%' },
      { label: 'Gross margin', value: '71.2%' },
      { label: 'Runway', value: '14 months' },
      { label: 'Employees', value: '85' },
      { label: 'Last round date', value: '2024-11-01' },
    ]);
    expect(financialMetricRows(null)).toEqual([]);
  });
});
