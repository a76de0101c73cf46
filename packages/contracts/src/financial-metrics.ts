import { z } from 'zod';
import { MAX_AMOUNT, storable } from './common.ts';

/**
 * The financial facts known about a company or deal. Every field may be absent (unknown) or
 * null (explicitly unknown). Conventions:
 * - amounts in one currency (the thesis currency, EUR); revenue and arr are annual figures;
 * - fractions, not percents: 0.65 means 65 % (gross_margin, revenue_growth year on year,
 *   monthly_churn, net_revenue_retention);
 * - monthly_burn is the net cash burnt per month (negative or 0 means cash generative).
 * Bounds reject only what cannot be true (a margin above 100 %, negative cash).
 */

type IssueLike = { path?: PropertyKey[] };
const named = (text: string) => (iss: IssueLike) => `${(iss.path ?? []).map(String).join('.')}: ${text}`;

/** Ratios beyond this many times (100 000 %) are not a business's numbers. */
const MAX_RATIO = 1000;
const MAX_MONTHS = 1200;
const metric = (schema: z.ZodNumber) => schema.nullable().optional();
const number = () => storable(z.number({ error: named('must be a number') }));
const nonNegative = () => number().min(0, { error: named('must not be negative') });
const amount = () => nonNegative().max(MAX_AMOUNT, { error: named('is too large') });
const months = () => nonNegative().max(MAX_MONTHS, { error: named(`must be at most ${MAX_MONTHS} months`) });

export const ZFinancialMetrics = z.object({
  revenue: metric(amount()),
  arr: metric(amount()),
  revenue_growth: metric(
    number()
      .min(-1, { error: named('must be a fraction of at least -1 (-1 means -100%)') })
      .max(MAX_RATIO, { error: named(`must be a fraction of at most ${MAX_RATIO}`) }),
  ),
  gross_margin: metric(
    number()
      .min(-MAX_RATIO, { error: named(`must be a fraction of at least -${MAX_RATIO}`) })
      .max(1, { error: named('must be a fraction of at most 1 (0.65 means 65%)') }),
  ),
  monthly_burn: metric(
    number()
      .min(-MAX_AMOUNT, { error: named('is too large') })
      .max(MAX_AMOUNT, { error: named('is too large') }),
  ),
  cash: metric(amount()),
  runway_months: metric(months()),
  monthly_churn: metric(
    number()
      .min(0, { error: named('must be a fraction between 0 and 1 (0.02 means 2%)') })
      .max(1, { error: named('must be a fraction between 0 and 1 (0.02 means 2%)') }),
  ),
  net_revenue_retention: metric(
    nonNegative().max(MAX_RATIO, { error: named(`must be a fraction of at most ${MAX_RATIO}`) }),
  ),
  cac_payback_months: metric(months()),
  employee_count: metric(
    nonNegative()
      .int({ error: named('must be a whole number') })
      .max(10_000_000, { error: named('is too large') }),
  ),
  last_round_amount: metric(amount()),
  last_round_date: z.iso
    .date({ error: named('must be an ISO date (YYYY-MM-DD)') })
    .nullable()
    .optional(),
});
export type TFinancialMetrics = z.infer<typeof ZFinancialMetrics>;

/** The numeric fields of ZFinancialMetrics, in display order. */
export const FINANCIAL_METRIC_FIELDS = [
  'revenue',
  'arr',
  'revenue_growth',
  'gross_margin',
  'monthly_burn',
  'cash',
  'runway_months',
  'monthly_churn',
  'net_revenue_retention',
  'cac_payback_months',
  'employee_count',
  'last_round_amount',
] as const satisfies readonly (keyof TFinancialMetrics)[];
