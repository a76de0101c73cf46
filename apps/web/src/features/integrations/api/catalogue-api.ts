import type { TIntegrationCatalogueResponse, TIntegrationStatusSummary } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /integrations/catalogue: every integration with its state for the caller, and the setup progress. */
export const fetchCatalogue = (signal?: AbortSignal) =>
  api.get<TIntegrationCatalogueResponse>('/integrations/catalogue', { signal });

/** GET /integrations/status/summary: which integrations the caller has connected. */
export const fetchStatusSummary = (signal?: AbortSignal) =>
  api.get<TIntegrationStatusSummary>('/integrations/status/summary', { signal });

export const integrationKeys = {
  all: ['integrations'] as const,
  catalogue: ['integrations', 'catalogue'] as const,
  summary: ['integrations', 'summary'] as const,
};

export const catalogueQuery = () =>
  queryOptions({ queryKey: integrationKeys.catalogue, queryFn: ({ signal }) => fetchCatalogue(signal) });

export const statusSummaryQuery = () =>
  queryOptions({ queryKey: integrationKeys.summary, queryFn: ({ signal }) => fetchStatusSummary(signal) });
