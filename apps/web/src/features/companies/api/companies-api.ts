import type {
  TCompany,
  TCompanyDetail,
  TCompanyListResponse,
  TCompanyScoringStats,
  TCompanySort,
  TCreateCompanyRequest,
  TMonitoringPriority,
  TScoreAllResponse,
  TScoringRun,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The list parameters the Companies screen sends; empty ones are left out of the URL. */
export interface CompanyListParams {
  search: string;
  priority: TMonitoringPriority | '';
  sort: TCompanySort;
  limit: number;
  offset: number;
}

export const DEFAULT_COMPANY_SORT: TCompanySort = '-thematic_score';
export const COMPANY_PAGE_SIZE = 100;

export function companyListPath(params: CompanyListParams): string {
  const query = new URLSearchParams();
  const search = params.search.trim();
  if (search) query.set('search', search);
  if (params.priority) query.set('priority', params.priority);
  query.set('sort', params.sort);
  query.set('limit', String(params.limit));
  query.set('offset', String(params.offset));
  return `/companies?${query.toString()}`;
}

export const fetchCompanies = (params: CompanyListParams, signal?: AbortSignal) =>
  api.get<TCompanyListResponse>(companyListPath(params), { signal });

export const fetchCompany = (id: string, signal?: AbortSignal) =>
  api.get<TCompanyDetail>(`/companies/${encodeURIComponent(id)}`, { signal });

export const createCompany = (body: TCreateCompanyRequest) => api.post<TCompany>('/companies', body);

export const deleteCompany = (id: string) => api.delete<unknown>(`/companies/${encodeURIComponent(id)}`);

export const fetchScoringStats = (signal?: AbortSignal) =>
  api.get<TCompanyScoringStats>('/company-scoring/stats', { signal });

export const scoreAllCompanies = () => api.post<TScoreAllResponse>('/company-scoring/score-all');

export const fetchScoringRun = (id: string, signal?: AbortSignal) =>
  api.get<TScoringRun>(`/company-scoring/runs/${encodeURIComponent(id)}`, { signal });

export const companyKeys = {
  all: ['companies'] as const,
  lists: ['companies', 'list'] as const,
  list: (params: CompanyListParams) => ['companies', 'list', params] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  stats: ['company-scoring', 'stats'] as const,
  run: (id: string) => ['company-scoring', 'runs', id] as const,
};

export const companyListQuery = (params: CompanyListParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: ({ signal }) => fetchCompanies(params, signal),
  });

export const companyDetailQuery = (id: string) =>
  queryOptions({ queryKey: companyKeys.detail(id), queryFn: ({ signal }) => fetchCompany(id, signal) });

export const scoringStatsQuery = () =>
  queryOptions({ queryKey: companyKeys.stats, queryFn: ({ signal }) => fetchScoringStats(signal) });

export const scoringRunQuery = (id: string) =>
  queryOptions({ queryKey: companyKeys.run(id), queryFn: ({ signal }) => fetchScoringRun(id, signal) });
