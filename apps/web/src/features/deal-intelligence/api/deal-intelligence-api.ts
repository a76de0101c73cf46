import type { TDealIntelligence, TDealUpdatesResponse } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const dealPath = (id: string) => `/deals/${encodeURIComponent(id)}`;

/** GET /deals/{id}/intelligence: the analyses of the deal's documents, aggregated. */
export const fetchDealIntelligence = (dealId: string, signal?: AbortSignal) =>
  api.get<TDealIntelligence>(`${dealPath(dealId)}/intelligence`, { signal });

/** GET /deals/{id}/updates: the deal's activity, newest first. */
export const fetchDealUpdates = (dealId: string, signal?: AbortSignal) =>
  api.get<TDealUpdatesResponse>(`${dealPath(dealId)}/updates`, { signal });

export const dealIntelligenceKeys = {
  all: (dealId: string) => ['deal-intelligence', dealId] as const,
  summary: (dealId: string) => ['deal-intelligence', dealId, 'summary'] as const,
  updates: (dealId: string) => ['deal-intelligence', dealId, 'updates'] as const,
};

/** While a document of the deal is still being analysed, its result is looked for this often. */
export const PROCESSING_REFRESH_MS = 5000;

export const dealIntelligenceQuery = (dealId: string) =>
  queryOptions({
    queryKey: dealIntelligenceKeys.summary(dealId),
    queryFn: ({ signal }) => fetchDealIntelligence(dealId, signal),
    // The intelligence page may be open in its own tab while files are analysed elsewhere.
    refetchInterval: (query) =>
      query.state.data?.document_intelligence.documents.some((document) => document.status === 'processing')
        ? PROCESSING_REFRESH_MS
        : false,
  });

export const dealUpdatesQuery = (dealId: string) =>
  queryOptions({
    queryKey: dealIntelligenceKeys.updates(dealId),
    queryFn: ({ signal }) => fetchDealUpdates(dealId, signal),
  });
