import { describe, expect, it } from 'vitest';
import { context } from '../../testing/fixtures.ts';
import { missingKeyData } from './missing-key-data.ts';

describe('missing key data rule', () => {
  it('is silent when revenue (or ARR), cash and burn are known', () => {
    expect(missingKeyData(context({ arr: 1e6, cash: 1e6, monthly_burn: 1e5 }))).toBeNull();
    expect(missingKeyData(context({ revenue: 0, cash: 0, monthly_burn: 0 }))).toBeNull();
  });

  it('is medium when one item is missing', () => {
    expect(missingKeyData(context({ revenue: 1e6, cash: 1e6 }))).toEqual({
      severity: 'medium',
      flag_type: 'missing_key_financials',
      category: 'data_quality',
      description:
        'Key financial data is missing (1 of 3): monthly burn; runway and debt capacity cannot be fully assessed.',
    });
  });

  it('is high when most items are missing', () => {
    expect(missingKeyData(context({ cash: 1e6 }))?.severity).toBe('high');
    expect(missingKeyData(context({}))?.description).toContain(
      '(3 of 3): revenue or ARR, cash and monthly burn',
    );
  });

  it('counts NaN as missing', () => {
    expect(missingKeyData(context({ revenue: Number.NaN, cash: 1, monthly_burn: 1 }))?.severity).toBe(
      'medium',
    );
  });
});
