import type {
  TCompanyDetail,
  TCompanyListItem,
  TCompanyListResponse,
  TCompanyScoringStats,
} from '@atempo/contracts';

let sequence = 0;

/** A scored, medium-priority company; ids are valid UUIDs and unique per call. */
export function makeCompany(overrides: Partial<TCompanyListItem> = {}): TCompanyListItem {
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

export function listOf(companies: TCompanyListItem[]): TCompanyListResponse {
  return { companies, total: companies.length, limit: 100, offset: 0 };
}

export const STATS: TCompanyScoringStats = {
  total_companies: 42,
  scored_companies: 40,
  average_score: 6.84,
  high_priority: 7,
  medium_priority: 20,
  low_priority: 13,
};
