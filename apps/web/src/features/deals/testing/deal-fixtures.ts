import {
  type TDeal,
  type TDealBoardResponse,
  type TDealListResponse,
  type TRedFlag,
  type TRedFlagSummary,
  ZDealBoardCard,
  ZDealListItem,
} from '@atempo/contracts';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

let counter = 0;

/** A scored deal with every field the screens read; override what a test is about. */
export function makeDeal(overrides: Partial<TDeal> = {}): TDeal {
  counter += 1;
  const suffix = String(counter).padStart(12, '0');
  return {
    id: `7a000000-0000-4000-8000-${suffix}`,
    deal_number: counter,
    company: `Company ${counter}`,
    company_id: `7c000000-0000-4000-8000-${suffix}`,
    amount_requested: 5_000_000,
    stage: 'lead',
    source_type: 'tier1_vc',
    source_name: 'Balderton Capital',
    description: 'Revenue-based facility to extend runway into the Series B.',
    sector: 'Fintech',
    geography: 'United Kingdom',
    deal_type: 'venture_debt',
    financial_metrics: { arr: 8_400_000, revenue_growth: 0.65, gross_margin: 0.72, runway_months: 14 },
    thematic_score: 8.4,
    thematic_recommendation: 'proceed',
    scoring_breakdown: {
      sector_scores: {
        sector_alignment: 9,
        geographic_fit: 8,
        stage_fit: 6.5,
        deal_size_fit: 10,
        financial_metrics: 3,
      },
      reasons: {
        sector_alignment: 'Fintech is a core thesis sector.',
        geographic_fit: 'United Kingdom is a primary market.',
        stage_fit: 'Series A is a secondary target stage.',
        deal_size_fit: '€5M is in the sweet spot of the thesis range €2M–€25M.',
        financial_metrics: 'Burn is high against revenue.',
      },
      weights: {
        sector_alignment: 0.3,
        geographic_fit: 0.25,
        stage_fit: 0.15,
        deal_size_fit: 0.15,
        financial_metrics: 0.15,
      },
    },
    red_flag_level: 'low_risk',
    red_flag_score: 2,
    red_flag_summary: makeRedFlagSummary([]),
    red_flags: [],
    suggested_facility: {
      min: 2_000_000,
      max: 3_500_000,
      currency: 'EUR',
      reasoning: ['25–40% of ARR of €8.4M.'],
      basis: {
        equity_round: null,
        revenue: null,
        runway_extension: null,
        combined: null,
        thesis_range: [2_000_000, 25_000_000],
      },
    },
    created_at: '2025-05-01T09:00:00.000Z',
    updated_at: '2025-05-01T09:00:00.000Z',
    last_interaction: new Date().toISOString(),
    ...overrides,
  };
}

export function makeFlag(overrides: Partial<TRedFlag> = {}): TRedFlag {
  return {
    severity: 'high',
    flag_type: 'short_runway',
    description: 'Runway of 5 months is below 6 months.',
    category: 'financial',
    ...overrides,
  };
}

export function makeRedFlagSummary(flags: TRedFlag[]): TRedFlagSummary {
  const bySeverity = (severity: TRedFlag['severity']) =>
    flags.filter((flag) => flag.severity === severity).length;
  const inCategory = (category: TRedFlag['category']) => flags.filter((flag) => flag.category === category);
  return {
    total_flags: flags.length,
    critical_flags: bySeverity('critical'),
    high_flags: bySeverity('high'),
    medium_flags: bySeverity('medium'),
    low_flags: bySeverity('low'),
    key_concerns: flags
      .filter((flag) => flag.severity === 'critical' || flag.severity === 'high')
      .map((flag) => flag.description),
    flags_by_category: {
      financial: inCategory('financial').length,
      data_quality: inCategory('data_quality').length,
      operational: inCategory('operational').length,
      market: inCategory('market').length,
      relationship: inCategory('relationship').length,
    },
    financial_flags: inCategory('financial'),
    data_quality_flags: inCategory('data_quality'),
    operational_flags: inCategory('operational'),
    market_flags: inCategory('market'),
    relationship_flags: inCategory('relationship'),
  };
}

/** The table rows the server answers: only the fields the table shows (zod strips the rest). */
export function listOf(deals: TDeal[]): TDealListResponse {
  return { deals: deals.map((deal) => ZDealListItem.parse(deal)), total: deals.length, limit: 50, offset: 0 };
}

/** The board cards the server answers. */
export function boardOf(deals: TDeal[]): TDealBoardResponse {
  return {
    deals: deals.map((deal) => ZDealBoardCard.parse(deal)),
    total: deals.length,
    limit: 1000,
    offset: 0,
  };
}

/**
 * Signs in, serves `deals` as GET /deals rows, GET /deals/board cards and GET /deals/{id} whole
 * deals (plus any other routes), and renders /deals.
 */
export function renderDealsPage(deals: TDeal[] | (() => TDeal[]), routes: Record<string, ApiRoute> = {}) {
  storeSession();
  const current = typeof deals === 'function' ? deals : () => deals;
  const details = Object.fromEntries(
    current().flatMap((deal): [string, ApiRoute][] => [
      [
        `GET /deals/${deal.id}`,
        () => {
          const now = current().find((candidate) => candidate.id === deal.id);
          return now
            ? jsonResponse(200, now)
            : jsonResponse(404, { detail: 'Deal not found', code: 'NOT_FOUND' });
        },
      ],
      // The side panel asks for the deal's IC memos; none until a test says otherwise.
      [
        `GET /deals/${deal.id}/ic-memos`,
        () => jsonResponse(200, { ic_memos: [], total: 0, limit: 100, offset: 0 }),
      ],
    ]),
  );
  const server = createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /deals': () => jsonResponse(200, listOf(current())),
    'GET /deals/board': () => jsonResponse(200, boardOf(current())),
    ...details,
    ...routes,
  });
  return { server, ...renderApp('/deals', server) };
}
