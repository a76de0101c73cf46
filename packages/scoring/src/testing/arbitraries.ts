import {
  DEAL_TYPES,
  FINANCIAL_METRIC_FIELDS,
  PROTECTION_LEVELS,
  REVENUE_MODELS,
  RISK_APPROACHES,
  TARGET_STAGES,
  type TFinancialMetrics,
  type TInvestmentThesis,
  ZInvestmentThesis,
} from '@atempo/contracts';
import fc from 'fast-check';
import type { ScoringSubject } from '../subject.ts';

/** fast-check arbitraries for the property tests (test helpers only, not exported from the package). */

export const SECTORS = [
  'SaaS',
  'FinTech',
  'healthtech',
  'Climate Tech',
  'Robotics',
  'Gaming',
  'Fintech / SaaS',
  'payments',
];
export const GEOGRAPHIES = [
  'UK',
  'London, UK',
  'Germany',
  'Sweden',
  'Nordics',
  'Europe',
  'EU',
  'USA',
  'Atlantis',
];
export const STAGES = [...TARGET_STAGES, 'series a', 'Pre-seed', 'Series E', 'IPO', 'Bridge'];
export const MARKETS = [
  'United Kingdom',
  'UK',
  'Germany',
  'France',
  'Nordics',
  'Europe',
  'Spain',
  'Atlantis',
];
export const SECTOR_KEYS = [
  'b2b_saas',
  'fintech',
  'healthtech',
  'climate_tech',
  'deeptech',
  'marketplaces',
  'insurtech',
];

export const optional = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(fc.constant(undefined), fc.constant(null), arb) as fc.Arbitrary<T | null | undefined>;
export const text = (known: readonly string[]) => optional(fc.oneof(fc.constantFrom(...known), fc.string()));
export const isoTime = fc
  .date({ min: new Date('2015-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString());

export const weight = fc.double({ min: 0, max: 1, noNaN: true });

export const thesisArb: fc.Arbitrary<TInvestmentThesis> = fc
  .record({
    deal_size_range: fc
      .tuple(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 50_000_000 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
    primary_markets: fc.dictionary(fc.constantFrom(...MARKETS), weight),
    deal_types: fc.subarray([...DEAL_TYPES]),
    target_stages: fc.subarray([...TARGET_STAGES]),
    target_sectors: fc.dictionary(
      fc.constantFrom(...SECTOR_KEYS),
      fc.record({
        weight,
        min_gross_margin: weight,
        focus_areas: fc.subarray(['payments', 'robotics', 'security']),
      }),
    ),
    financial_requirements: fc.record({
      gross_margin_min: weight,
      monthly_churn_max: weight,
      cac_payback_months: fc.record({ max: fc.integer({ min: 1, max: 60 }) }),
      revenue_model: fc.constantFrom(...REVENUE_MODELS),
    }),
    risk_parameters: fc.record({
      approach: fc.constantFrom(...RISK_APPROACHES),
      covenant_protection: fc.constantFrom(...PROTECTION_LEVELS),
      milestone_based_funding: fc.constantFrom(...PROTECTION_LEVELS),
      board_observer_rights: fc.constantFrom(...PROTECTION_LEVELS),
    }),
  })
  .map((thesis) => ZInvestmentThesis.parse(thesis));

/** Any number at all (NaN excluded, infinities included), in any field. */
export const wildNumber = fc.oneof(
  fc.double({ noNaN: true }),
  fc.double({ min: -3, max: 3, noNaN: true }),
  fc.integer(),
);
export const wildMetrics: fc.Arbitrary<TFinancialMetrics> = fc.record(
  Object.fromEntries(FINANCIAL_METRIC_FIELDS.map((key) => [key, optional(wildNumber)])) as Record<
    (typeof FINANCIAL_METRIC_FIELDS)[number],
    fc.Arbitrary<number | null | undefined>
  >,
  { requiredKeys: [] },
);

export const wildSubject: fc.Arbitrary<ScoringSubject> = fc.record(
  {
    sector: text(SECTORS),
    geography: text(GEOGRAPHIES),
    stage: text(STAGES),
    deal_type: text(['venture_debt', 'RBF', 'growth equity']),
    amount_requested: optional(wildNumber),
    financial_metrics: optional(wildMetrics),
    last_interaction_at: optional(fc.oneof(isoTime, fc.string())),
    created_at: optional(isoTime),
  },
  { requiredKeys: [] },
);

/** Realistic figures for the monotonicity properties. */
export const realisticMetrics: fc.Arbitrary<TFinancialMetrics> = fc.record(
  {
    revenue: optional(fc.double({ min: 0, max: 1e8, noNaN: true })),
    arr: optional(fc.double({ min: 0, max: 1e8, noNaN: true })),
    revenue_growth: optional(fc.double({ min: -0.9, max: 5, noNaN: true })),
    gross_margin: optional(fc.double({ min: -0.5, max: 1, noNaN: true })),
    monthly_burn: optional(fc.double({ min: -1e6, max: 5e6, noNaN: true })),
    cash: optional(fc.double({ min: 0, max: 1e8, noNaN: true })),
    runway_months: optional(fc.double({ min: 0, max: 60, noNaN: true })),
    monthly_churn: optional(fc.double({ min: 0, max: 0.3, noNaN: true })),
    net_revenue_retention: optional(fc.double({ min: 0.5, max: 1.6, noNaN: true })),
    cac_payback_months: optional(fc.double({ min: 0, max: 60, noNaN: true })),
    last_round_amount: optional(fc.double({ min: 0, max: 2e8, noNaN: true })),
  },
  { requiredKeys: [] },
);
export const realisticSubject: fc.Arbitrary<ScoringSubject> = fc.record(
  {
    sector: text(SECTORS),
    geography: text(GEOGRAPHIES),
    stage: text(STAGES),
    deal_type: text(['venture_debt', 'RBF', 'growth equity']),
    amount_requested: optional(fc.integer({ min: 0, max: 80_000_000 })),
    financial_metrics: realisticMetrics,
    last_interaction_at: optional(isoTime),
    created_at: optional(isoTime),
  },
  { requiredKeys: [] },
);

export const nowArb = fc.date({
  min: new Date('2020-01-01'),
  max: new Date('2030-01-01'),
  noInvalidDate: true,
});
