import type {
  TCreateIntelligenceSourceRequest,
  TCuratedFeedsResponse,
  TIntelligenceSource,
  TIntelligenceSourcesResponse,
  TSourceFetchResponse,
  TUpdateIntelligenceSourceRequest,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const SOURCES = '/intelligence/sources';
const sourcePath = (id: string) => `${SOURCES}/${encodeURIComponent(id)}`;

export const fetchSources = (signal?: AbortSignal) =>
  api.get<TIntelligenceSourcesResponse>(SOURCES, { signal });

export const fetchCuratedFeeds = (signal?: AbortSignal) =>
  api.get<TCuratedFeedsResponse>(`${SOURCES}/curated`, { signal });

export const createSource = (body: TCreateIntelligenceSourceRequest) =>
  api.post<TIntelligenceSource>(SOURCES, body);

export const updateSource = (id: string, body: TUpdateIntelligenceSourceRequest) =>
  api.patch<TIntelligenceSource>(sourcePath(id), body);

export const deleteSource = (id: string) => api.delete<unknown>(sourcePath(id));

export const fetchSourceNow = (id: string) => api.post<TSourceFetchResponse>(`${sourcePath(id)}/fetch`, {});

export const sourceKeys = {
  all: ['intelligence-sources'] as const,
  list: ['intelligence-sources', 'list'] as const,
  curated: ['intelligence-sources', 'curated'] as const,
};

export const sourcesQuery = () =>
  queryOptions({ queryKey: sourceKeys.list, queryFn: ({ signal }) => fetchSources(signal) });

export const curatedFeedsQuery = () =>
  queryOptions({ queryKey: sourceKeys.curated, queryFn: ({ signal }) => fetchCuratedFeeds(signal) });
