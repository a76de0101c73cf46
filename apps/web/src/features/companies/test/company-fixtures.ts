import {
  type TCompanyDetail,
  type TCompanyListItem,
  type TCompanyListResponse,
  type TCompanyScoringStats,
  type TCompanyWithWatch,
  ZCompanyListItem,
} from '@atempo/contracts';

import { jsonResponse } from '../../../test/fakes.ts';

let sequence = 0;

/** A scored, medium-priority company, whole; ids are valid UUIDs and unique per call. */
export function makeCompany(overrides: Partial<TCompanyWithWatch> = {}): TCompanyWithWatch {
  sequence += 1;
  const suffix = String(sequence).padStart(12, '0');
  return {
    id: `7a1c7f0e-8a55-4a7c-9c1e-${suffix}`,
    name: `Company ${sequence}`,
    industry: 'B2B SaaS',
    headquarters_country: 'Germany',
    stage: 'Series B',
    revenue: 12_500_000,
    employee_count: 120,
    website: 'https://example.com',
    description: 'Software for logistics teams.',
    last_funding_amount: 20_000_000,
    total_funding: 45_000_000,
    revenue_growth: 0.3,
    has_tier1_vc: false,
    recent_cfo_hire: false,
    ipo_signals: false,
    investors: [],
    source_articles: [],
    source: 'direct',
    founded_year: 2016,
    ceo_name: 'Jana Weber',
    confidence_score: 0.6,
    confidence_level: 'medium',
    financial_metrics: {},
    last_interaction: null,
    thematic_score: 6.5,
    thematic_recommendation: 'conditional_proceed',
    sector_alignment_score: 8,
    geographic_fit_score: 9,
    stage_fit_score: 7,
    financial_health_score: 4,
    monitoring_priority: 'medium',
    scoring_breakdown: null,
    red_flags: [],
    red_flag_score: 1,
    red_flag_level: 'low_risk',
    red_flag_summary: null,
    suggested_facility: null,
    last_scored_at: '2025-03-01T10:00:00.000Z',
    created_at: '2025-02-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    on_watchlist: false,
    watchlist_entry_id: null,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<TCompanyDetail> = {}): TCompanyDetail {
  return { ...makeCompany(), deals: [], ...overrides };
}

/** The list row the server answers for this company: the first 3 investors and articles, with counts. */
export function toListItem(company: TCompanyWithWatch): TCompanyListItem {
  return ZCompanyListItem.parse({
    ...company,
    investors: company.investors.slice(0, 3),
    investor_count: company.investors.length,
    source_articles: company.source_articles.slice(0, 3),
    source_article_count: company.source_articles.length,
  });
}

export function listOf(companies: TCompanyWithWatch[]): TCompanyListResponse {
  return { companies: companies.map(toListItem), total: companies.length, limit: 100, offset: 0 };
}

/** The whole company as GET /companies/{id} answers it, for each company. */
export function detailRoutes(companies: TCompanyWithWatch[]) {
  return Object.fromEntries(
    companies.map((company) => [
      `GET /companies/${company.id}`,
      () => jsonResponse(200, makeDetail(company)),
    ]),
  );
}

export const STATS: TCompanyScoringStats = {
  total_companies: 42,
  scored_companies: 40,
  average_score: 6.84,
  high_priority: 7,
  medium_priority: 20,
  low_priority: 13,
};
