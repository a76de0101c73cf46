import { DEFAULT_THESIS, type TFinancialMetrics, type TInvestmentThesis } from '@atempo/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreCompany } from './score-company.ts';
import { scoreDeal } from './score-deal.ts';
import type { ScoringSubject } from './subject.ts';
import {
  isoTime,
  MARKETS,
  nowArb,
  realisticSubject,
  SECTOR_KEYS,
  thesisArb,
  weight,
  wildSubject,
} from './testing/arbitraries.ts';

// Property tests: bounds and determinism over arbitrary input (any non-NaN number, missing
// fields, odd strings), and monotonicity over realistic input: improving one fact never lowers
// the thematic score and never raises the red-flag score.

const RUNS = { numRuns: 150 };
const SCAN_NOW = new Date('2025-06-01T00:00:00Z');

const inScoreRange = (value: number) => Number.isFinite(value) && value >= 0 && value <= 10;
const oneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

describe('scoring properties', () => {
  it('keeps every deal score within 0–10 with one decimal, for any input', () => {
    fc.assert(
      fc.property(wildSubject, thesisArb, nowArb, (subject, thesis, now) => {
        const score = scoreDeal(subject, thesis, now);
        const numbers = [
          score.thematic_score,
          score.red_flag_score,
          ...Object.values(score.scoring_breakdown.sector_scores),
        ];
        expect(numbers.every(inScoreRange)).toBe(true);
        expect(numbers.every(oneDecimal)).toBe(true);
        expect(Object.values(score.scoring_breakdown.reasons).every((reason) => reason.length > 0)).toBe(
          true,
        );
        const summary = score.red_flag_summary;
        const bySeverity =
          summary.critical_flags + summary.high_flags + summary.medium_flags + summary.low_flags;
        const byCategory = Object.values(summary.flags_by_category).reduce((a, b) => a + b, 0);
        expect([bySeverity, byCategory]).toEqual([summary.total_flags, summary.total_flags]);
        expect(score.red_flags.every((flag) => !flag.description.includes('NaN'))).toBe(true);
        const { min, max } = score.suggested_facility;
        if (min !== null && max !== null) {
          expect(Number.isFinite(min) && Number.isFinite(max) && min >= 0 && min <= max).toBe(true);
          expect(max).toBeLessThanOrEqual(thesis.deal_size_range[1]);
        } else {
          expect([min, max]).toEqual([null, null]);
        }
      }),
      RUNS,
    );
  });

  it('keeps every company score within 0–10, for any input', () => {
    fc.assert(
      fc.property(wildSubject, thesisArb, nowArb, (subject, thesis, now) => {
        const score = scoreCompany(subject, thesis, now);
        const numbers = [
          score.thematic_score,
          score.sector_alignment_score,
          score.geographic_fit_score,
          score.stage_fit_score,
          score.financial_health_score,
          score.red_flag_score,
        ];
        expect(numbers.every(inScoreRange)).toBe(true);
        expect(['high', 'medium', 'low']).toContain(score.monitoring_priority);
      }),
      RUNS,
    );
  });

  it('is deterministic: the same input gives the same output', () => {
    fc.assert(
      fc.property(wildSubject, thesisArb, nowArb, (subject, thesis, now) => {
        const first = scoreDeal(subject, thesis, now);
        const second = scoreDeal(structuredClone(subject), structuredClone(thesis), new Date(now.getTime()));
        expect(second).toEqual(first);
        expect(scoreCompany(subject, thesis, now)).toEqual(scoreCompany(subject, thesis, now));
      }),
      RUNS,
    );
  });
});

/** Scores the subject before and after an improvement and checks neither score got worse. */
function expectNoWorse(before: ScoringSubject, after: ScoringSubject, thesis: TInvestmentThesis, now: Date) {
  expectThesisNoWorse(before, after, thesis, thesis, now);
}

function expectThesisNoWorse(
  before: ScoringSubject,
  after: ScoringSubject,
  thesisBefore: TInvestmentThesis,
  thesisAfter: TInvestmentThesis,
  now: Date,
) {
  const a = scoreDeal(before, thesisBefore, now);
  const b = scoreDeal(after, thesisAfter, now);
  expect(b.thematic_score).toBeGreaterThanOrEqual(a.thematic_score);
  expect(b.red_flag_score).toBeLessThanOrEqual(a.red_flag_score);
  const companyA = scoreCompany(before, thesisBefore, now);
  const companyB = scoreCompany(after, thesisAfter, now);
  expect(companyB.thematic_score).toBeGreaterThanOrEqual(companyA.thematic_score);
  expect(companyB.financial_health_score).toBeGreaterThanOrEqual(companyA.financial_health_score);
  expect(companyB.red_flag_score).toBeLessThanOrEqual(companyA.red_flag_score);
}

const withMetric = (subject: ScoringSubject, patch: TFinancialMetrics): ScoringSubject => ({
  ...subject,
  financial_metrics: { ...subject.financial_metrics, ...patch },
});

/** A metric improvement: [field, arbitrary of two values ordered worse → better]. */
const improvements: Array<[keyof TFinancialMetrics, fc.Arbitrary<[number, number]>]> = [
  ['runway_months', ordered(0, 60, 'up')],
  ['cash', ordered(0, 1e8, 'up')],
  ['gross_margin', ordered(-0.5, 1, 'up')],
  ['revenue_growth', ordered(-0.9, 5, 'up')],
  ['arr', ordered(0, 1e8, 'up')],
  ['monthly_churn', ordered(0, 0.3, 'down')],
  ['net_revenue_retention', ordered(0.5, 1.6, 'up')],
  ['cac_payback_months', ordered(0, 60, 'down')],
  ['monthly_burn', ordered(-1e6, 5e6, 'down')],
];

/** Two values, ordered worse → better: anywhere in the range, or a small step apart (to probe thresholds). */
function ordered(min: number, max: number, better: 'up' | 'down'): fc.Arbitrary<[number, number]> {
  const value = fc.double({ min, max, noNaN: true });
  const step = fc.double({ min: 0, max: (max - min) / 50, noNaN: true });
  return fc
    .oneof(
      fc.tuple(value, value),
      fc.tuple(value, step).map(([a, d]) => [a, Math.min(max, a + d)] as [number, number]),
    )
    .map(([a, b]) => (better === 'up' ? [Math.min(a, b), Math.max(a, b)] : [Math.max(a, b), Math.min(a, b)]));
}

describe('monotonicity', () => {
  for (const [field, values] of improvements) {
    it(`a better ${field} never lowers the thematic score nor raises the red-flag score`, () => {
      fc.assert(
        fc.property(realisticSubject, thesisArb, nowArb, values, (subject, thesis, now, [worse, better]) => {
          expectNoWorse(
            withMetric(subject, { [field]: worse }),
            withMetric(subject, { [field]: better }),
            thesis,
            now,
          );
        }),
        RUNS,
      );
    });
  }

  it('a higher sector weight never lowers the score', () => {
    fc.assert(
      fc.property(
        realisticSubject,
        thesisArb,
        nowArb,
        fc.constantFrom(...SECTOR_KEYS),
        weight,
        (subject, thesis, now, key, raise) => {
          const current = thesis.target_sectors[key];
          fc.pre(current !== undefined);
          const raised = structuredClone(thesis);
          raised.target_sectors[key]!.weight = Math.max(current!.weight, raise);
          expectThesisNoWorse(subject, subject, thesis, raised, now);
        },
      ),
      RUNS,
    );
  });

  it('a higher market weight never lowers the score', () => {
    fc.assert(
      fc.property(
        realisticSubject,
        thesisArb,
        nowArb,
        fc.constantFrom(...MARKETS),
        weight,
        (subject, thesis, now, market, raise) => {
          const current = thesis.primary_markets[market];
          fc.pre(current !== undefined);
          const raised = structuredClone(thesis);
          raised.primary_markets[market] = Math.max(current!, raise);
          expectThesisNoWorse(subject, subject, thesis, raised, now);
        },
      ),
      RUNS,
    );
  });

  it('moving the amount into the thesis range never lowers the score', () => {
    fc.assert(
      fc.property(
        realisticSubject,
        thesisArb,
        nowArb,
        fc.integer({ min: 1, max: 80_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (subject, thesis, now, outside, position) => {
          const [min, max] = thesis.deal_size_range;
          fc.pre(outside < min || outside > max);
          const inside = Math.max(1, Math.round(min + (max - min) * position));
          fc.pre(inside >= min && inside <= max);
          const a = scoreDeal({ ...subject, amount_requested: outside }, thesis, now);
          const b = scoreDeal({ ...subject, amount_requested: inside }, thesis, now);
          expect(b.thematic_score).toBeGreaterThanOrEqual(a.thematic_score);
          expect(b.red_flag_score).toBeLessThanOrEqual(a.red_flag_score);
        },
      ),
      RUNS,
    );
  });

  it('a more recent interaction never raises the red-flag score', () => {
    fc.assert(
      fc.property(realisticSubject, thesisArb, nowArb, isoTime, isoTime, (subject, thesis, now, t1, t2) => {
        const [older, newer] = t1 <= t2 ? [t1, t2] : [t2, t1];
        expectNoWorse(
          { ...subject, last_interaction_at: older },
          { ...subject, last_interaction_at: newer },
          thesis,
          now,
        );
      }),
      RUNS,
    );
  });
});

/**
 * The same property scanned deterministically along each metric with little else known, where
 * the metric moves the rounded scores most: a dip in a curve or a severity that comes back at a
 * better value shows up here even when random pairs miss it.
 */
describe('monotonicity along a scan of each metric', () => {
  const scans: Array<[keyof TFinancialMetrics, number, number, 'up' | 'down', TFinancialMetrics]> = [
    ['runway_months', 0, 40, 'up', {}],
    ['cash', 0, 10_000_000, 'up', { monthly_burn: 250_000 }],
    ['monthly_burn', 2_000_000, -100_000, 'up', { cash: 5_000_000, arr: 5_000_000, revenue_growth: 0.5 }],
    ['gross_margin', -0.2, 1, 'up', {}],
    ['revenue_growth', -1, 3, 'up', { arr: 5_000_000, monthly_burn: 300_000 }],
    ['arr', 0, 30_000_000, 'up', { monthly_burn: 300_000, revenue_growth: 0.6 }],
    ['monthly_churn', 0.2, 0, 'up', {}],
    ['net_revenue_retention', 0.5, 1.5, 'up', {}],
    ['cac_payback_months', 60, 0, 'up', {}],
  ];
  for (const [field, from, to, , base] of scans) {
    it(`${field} from ${from} to ${to}`, () => {
      let previous: { thematic: number; health: number; flags: number } | null = null;
      for (let i = 0; i <= 400; i++) {
        const value = from + ((to - from) * i) / 400;
        const subject: ScoringSubject = { sector: 'SaaS', financial_metrics: { ...base, [field]: value } };
        const company = scoreCompany(subject, DEFAULT_THESIS, SCAN_NOW);
        const current = {
          thematic: company.thematic_score,
          health: company.financial_health_score,
          flags: company.red_flag_score,
        };
        if (previous) {
          expect(current.health, `${field} = ${value}`).toBeGreaterThanOrEqual(previous.health);
          expect(current.thematic, `${field} = ${value}`).toBeGreaterThanOrEqual(previous.thematic);
          expect(current.flags, `${field} = ${value}`).toBeLessThanOrEqual(previous.flags);
        }
        previous = current;
      }
    });
  }
});
