import type {
  TCreateDealInput,
  TDeal,
  TDealBoardResponse,
  TDealListResponse,
  TDealSort,
  TDealStage,
  TUpdateDealRequest,
} from '@atempo/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Spec 02 §9: the deals list refreshes every 120000 ms. */
export const DEALS_REFRESH_MS = 120_000;

export interface DealListParams {
  stage?: TDealStage;
  min_score?: number;
  max_score?: number;
  q?: string;
  sort?: TDealSort;
  limit?: number;
  offset?: number;
}

/** '?stage=lead&min_score=6': only the parameters that are set. */
export function dealListSearch(params: DealListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const dealPath = (id: string) => `/deals/${encodeURIComponent(id)}`;

export const fetchDeals = (params: DealListParams, signal?: AbortSignal) =>
  api.get<TDealListResponse>(`/deals${dealListSearch(params)}`, { signal });

/** The board's light cards, with the list's filters. */
export const fetchDealBoard = (params: DealListParams, signal?: AbortSignal) =>
  api.get<TDealBoardResponse>(`/deals/board${dealListSearch(params)}`, { signal });

/** The whole deal: the side panel, the score dialog and edits read this, never the list row. */
export const fetchDeal = (id: string, signal?: AbortSignal) => api.get<TDeal>(dealPath(id), { signal });

export const createDeal = (body: TCreateDealInput) => api.post<TDeal>('/deals', body);

/** The table sends one changed field at a time (spec 02 §4). */
export const updateDeal = (id: string, body: TUpdateDealRequest) => api.patch<TDeal>(dealPath(id), body);

export const deleteDeal = (id: string) => api.delete<unknown>(dealPath(id));

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => ['deals', 'list'] as const,
  list: (params: DealListParams) => ['deals', 'list', params] as const,
  boards: () => ['deals', 'board'] as const,
  board: (params: DealListParams) => ['deals', 'board', params] as const,
  detail: (id: string) => ['deals', 'detail', id] as const,
};

export const dealListQuery = (params: DealListParams) =>
  queryOptions({
    queryKey: dealKeys.list(params),
    queryFn: ({ signal }) => fetchDeals(params, signal),
    refetchInterval: DEALS_REFRESH_MS,
    // Paging and filtering keep the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const dealBoardQuery = (params: DealListParams) =>
  queryOptions({
    queryKey: dealKeys.board(params),
    queryFn: ({ signal }) => fetchDealBoard(params, signal),
    refetchInterval: DEALS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const dealDetailQuery = (id: string) =>
  queryOptions({ queryKey: dealKeys.detail(id), queryFn: ({ signal }) => fetchDeal(id, signal) });
