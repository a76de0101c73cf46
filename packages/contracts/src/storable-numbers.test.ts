import { describe, expect, it } from 'vitest';
import { ZCreateCompanyRequest } from './companies.ts';
import { ZAmount, ZDealListQuery } from './deals.ts';
import { ZFinancialMetrics } from './financial-metrics.ts';
import { ZAddWatchlistRequest } from './watchlist.ts';

const COMPANY_ID = '5f0c6f3e-8d8a-4a57-9a43-6d1f7a0c2b11';

describe('numbers PostgreSQL can store', () => {
  it('refuses denormals and other vanishing magnitudes, keeps 0 and ordinary values', () => {
    for (const tiny of [5e-324, 1e-50, -1e-40]) {
      expect(ZAmount.safeParse(Math.abs(tiny)).success).toBe(false);
      expect(ZCreateCompanyRequest.safeParse({ name: 'A', confidence_score: Math.abs(tiny) }).success).toBe(
        false,
      );
      expect(ZCreateCompanyRequest.safeParse({ name: 'A', revenue_growth: tiny }).success).toBe(false);
      expect(ZFinancialMetrics.safeParse({ monthly_burn: tiny }).success).toBe(false);
      expect(ZDealListQuery.safeParse({ min_score: String(Math.abs(tiny)) }).success).toBe(false);
      expect(
        ZAddWatchlistRequest.safeParse({ company_id: COMPANY_ID, alert_threshold: Math.abs(tiny) }).success,
      ).toBe(false);
    }
    expect(ZAmount.parse(0)).toBe(0);
    expect(ZAmount.parse(0.01)).toBe(0.01);
    expect(ZCreateCompanyRequest.parse({ name: 'A', confidence_score: 0 }).confidence_score).toBe(0);
    expect(ZFinancialMetrics.parse({ monthly_burn: -250_000, gross_margin: -0.5 })).toEqual({
      monthly_burn: -250_000,
      gross_margin: -0.5,
    });
  });

  it('bounds every financial metric so the scoring maths stays finite', () => {
    for (const field of [
      'revenue',
      'arr',
      'revenue_growth',
      'monthly_burn',
      'cash',
      'runway_months',
      'net_revenue_retention',
      'cac_payback_months',
      'employee_count',
      'last_round_amount',
    ]) {
      const result = ZFinancialMetrics.safeParse({ [field]: 1e308 });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(new RegExp(`^${field}: `));
    }
    expect(ZFinancialMetrics.safeParse({ monthly_burn: -1e308 }).success).toBe(false);
    expect(ZFinancialMetrics.safeParse({ gross_margin: -1e308 }).success).toBe(false);
  });
});
