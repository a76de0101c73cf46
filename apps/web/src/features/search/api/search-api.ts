import { SEARCH_DEFAULT_LIMIT, type TSearchResponse } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /search: companies, deals, documents and funding announcements, best matches first. */
export const fetchSearch = (query: string, limit = SEARCH_DEFAULT_LIMIT, signal?: AbortSignal) =>
  api.get<TSearchResponse>(`/search?${new URLSearchParams({ q: query, limit: String(limit) })}`, { signal });

export const searchKeys = {
  all: ['search'] as const,
  query: (query: string, limit: number) => ['search', query, limit] as const,
};

export const searchQueryOptions = (query: string, limit = SEARCH_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: searchKeys.query(query, limit),
    queryFn: ({ signal }) => fetchSearch(query, limit, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
    // A search is retyped rather than retried.
    retry: false,
  });
