import type { TDashboardCharts, TDashboardStats, TMarketSignal } from '@atempo/contracts';

export function makeStats(overrides: Partial<TDashboardStats> = {}): TDashboardStats {
  return {
    active_deals: { value: 12, previous: 10, change: 20, trend: 'up' },
    companies_tracked: { value: 1204, previous: 1210, change: -0.5, trend: 'down' },
    high_priority_alerts: { value: 3, previous: 0, change: null, trend: 'up' },
    deal_conversion: { value: 66.7, previous: 75, change: -8.3, trend: 'down', closed: 2, decided: 3 },
    comparison: { basis: 'snapshot', day: '2026-10-24' },
    as_of: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

let sequence = 0;
export function makeSignal(overrides: Partial<TMarketSignal> = {}): TMarketSignal {
  sequence += 1;
  return {
    signal_id: `6f1c7f0e-8a55-4a7c-9c1e-${String(sequence).padStart(12, '0')}`,
    signal_type: 'funding_round',
    company_name: `Company ${sequence}`,
    company_id: null,
    announcement_id: null,
    title: `Signal ${sequence}`,
    description: null,
    relevance_score: 0.8,
    impact_level: 'medium',
    recommended_actions: [],
    detected_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

/** Charts with nothing in them: every stage, month and bucket at zero. */
export function emptyCharts(): TDashboardCharts {
  return {
    pipeline_by_stage: (
      [
        'lead',
        'qualified',
        'due_diligence',
        'ic_review',
        'term_sheet',
        'legal_docs',
        'closed',
        'rejected',
      ] as const
    ).map((stage) => ({ stage, count: 0, amount_eur: 0 })),
    deals_per_month: MONTHS.map((month) => ({ month, created: 0, closed: 0 })),
    score_distribution: Array.from({ length: 10 }, (_, from) => ({ from, to: from + 1, count: 0 })),
    funding_rounds_per_month: MONTHS.map((month) => ({ month, count: 0, amount_eur: 0, amount_unknown: 0 })),
    thesis_sectors: ['B2B SaaS', 'Fintech'],
    as_of: '2026-11-23T09:00:00.000Z',
  };
}

export function makeCharts(): TDashboardCharts {
  const charts = emptyCharts();
  return {
    ...charts,
    pipeline_by_stage: charts.pipeline_by_stage.map((entry) =>
      entry.stage === 'lead'
        ? { ...entry, count: 2, amount_eur: 4_000_000 }
        : entry.stage === 'closed'
          ? { ...entry, count: 1, amount_eur: 2_500_000.5 }
          : entry,
    ),
    deals_per_month: charts.deals_per_month.map((entry) =>
      entry.month === '2026-10' ? { ...entry, created: 3, closed: 1 } : entry,
    ),
    score_distribution: charts.score_distribution.map((bucket) =>
      bucket.from === 7 ? { ...bucket, count: 2 } : bucket,
    ),
    funding_rounds_per_month: charts.funding_rounds_per_month.map((entry) =>
      entry.month === '2026-11' ? { ...entry, count: 2, amount_eur: 15_500_000, amount_unknown: 1 } : entry,
    ),
  };
}
