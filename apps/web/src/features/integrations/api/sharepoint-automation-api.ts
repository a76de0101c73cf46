import type {
  TDiscoverDealsResponse,
  TIngestionResult,
  TSchedulerStatus,
  TSharePointSettings,
  TSharePointStats,
  TSharePointSyncResult,
  TSharePointTestConnection,
} from '@atempo/contracts';
import { SYNC_CHUNK_SIZE } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withSession } from './session-query.ts';

/** GET /sharepoint/settings: where the deal folders live; `chosen` false means the default place. */
export type SharePointSettingsAnswer = TSharePointSettings & { chosen: boolean };

export type IngestionMode = 'quick' | 'full' | 'incremental';

/** POST /sharepoint/test-connection (admin). */
export const testConnection = () => api.post<TSharePointTestConnection>('/sharepoint/test-connection');

/** GET /sharepoint/stats: deal folders, recent deals, the connection and the synced documents. */
export const fetchStats = (sessionId: string | null, signal?: AbortSignal) =>
  api.get<TSharePointStats>(`/sharepoint/stats${withSession(sessionId)}`, { signal });

/** GET /sharepoint/discover-deals: the deal folders found in the chosen place. */
export const discoverDeals = (signal?: AbortSignal) =>
  api.get<TDiscoverDealsResponse>('/sharepoint/discover-deals', { signal });

/**
 * Starts an ingestion (admin), answered 202 with the run to follow: POST /sharepoint/ingest (the
 * quick five deals), /sharepoint/ingest/full {max_deals?} or /sharepoint/ingest/incremental (24 h).
 */
export function startIngestion(mode: IngestionMode, sessionId: string | null, maxDeals?: number) {
  if (mode === 'full')
    return api.post<TIngestionResult>('/sharepoint/ingest/full', maxDeals ? { max_deals: maxDeals } : {});
  if (mode === 'incremental') return api.post<TIngestionResult>('/sharepoint/ingest/incremental');
  return api.post<TIngestionResult>('/sharepoint/ingest', sessionId ? { session_id: sessionId } : {});
}

/** GET /sharepoint/ingest/{execution_id}: where a run has got to. */
export const fetchIngestion = (executionId: string, signal?: AbortSignal) =>
  api.get<TIngestionResult>(`/sharepoint/ingest/${encodeURIComponent(executionId)}`, { signal });

/** GET /sharepoint/scheduler/status. */
export const fetchSchedulerStatus = (signal?: AbortSignal) =>
  api.get<TSchedulerStatus>('/sharepoint/scheduler/status', { signal });

/** POST /sharepoint/scheduler/start or /stop (admin): answers the new status. */
export const setScheduler = (action: 'start' | 'stop') =>
  api.post<TSchedulerStatus>(`/sharepoint/scheduler/${action}`);

export const fetchSharePointSettings = (signal?: AbortSignal) =>
  api.get<SharePointSettingsAnswer>('/sharepoint/settings', { signal });

/** PUT /sharepoint/settings (admin): the deal folders' site, library and folder. */
export const saveSharePointSettings = (body: TSharePointSettings) =>
  api.request<SharePointSettingsAnswer>('/sharepoint/settings', { method: 'PUT', body });

/** POST /sharepoint/sync?use_chunking&chunk_size=1000&max_documents: the Basic Sync of the user's files. */
export const syncDocuments = (input: {
  sessionId: string | null;
  useChunking: boolean;
  maxDocuments: number;
}) =>
  api.post<TSharePointSyncResult>(
    `/sharepoint/sync${withSession(input.sessionId, {
      use_chunking: String(input.useChunking),
      chunk_size: String(SYNC_CHUNK_SIZE),
      max_documents: String(input.maxDocuments),
    })}`,
  );

export const automationKeys = {
  stats: (sessionId: string | null) => ['integrations', 'sharepoint', 'stats', sessionId] as const,
  scheduler: ['integrations', 'sharepoint', 'scheduler'] as const,
  settings: ['integrations', 'sharepoint', 'settings'] as const,
  discovered: ['integrations', 'sharepoint', 'discover-deals'] as const,
};

export const statsQuery = (sessionId: string | null) =>
  queryOptions({
    queryKey: automationKeys.stats(sessionId),
    queryFn: ({ signal }) => fetchStats(sessionId, signal),
  });

export const schedulerQuery = () =>
  queryOptions({ queryKey: automationKeys.scheduler, queryFn: ({ signal }) => fetchSchedulerStatus(signal) });

export const sharePointSettingsQuery = () =>
  queryOptions({
    queryKey: automationKeys.settings,
    queryFn: ({ signal }) => fetchSharePointSettings(signal),
  });
