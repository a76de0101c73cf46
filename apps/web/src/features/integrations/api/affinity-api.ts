import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /affinity/status (spec 03 §3 Affinity status). */
export interface AffinityStatus {
  connected: boolean;
  organization_name: string | null;
  api_version: string | null;
  connected_at: string | null;
  /** 'healthy' or another word for a connection that needs attention. */
  status: string | null;
  is_stale: boolean;
}

/** POST /affinity/connect's answer (spec 03 §3). */
export interface AffinityConnectAnswer {
  success: boolean;
  connection_id: string | null;
  api_version: string | null;
  message: string | null;
  error: string | null;
}

export const fetchAffinityStatus = (signal?: AbortSignal) =>
  api.get<AffinityStatus>('/affinity/status', { signal });

/** POST /affinity/test-connection {api_key}: checks the key without keeping it. */
export const testAffinityKey = (apiKey: string) =>
  api.post<{ success?: boolean; message?: string | null; error?: string | null }>(
    '/affinity/test-connection',
    { api_key: apiKey },
  );

/** POST /affinity/connect {api_key, organization_name?}. */
export const connectAffinity = (apiKey: string, organizationName: string) =>
  api.post<AffinityConnectAnswer>('/affinity/connect', {
    api_key: apiKey,
    ...(organizationName ? { organization_name: organizationName } : {}),
  });

export const disconnectAffinity = () => api.delete<unknown>('/affinity/disconnect');

export const affinityKeys = { status: ['integrations', 'affinity', 'status'] as const };

export const affinityStatusQuery = () =>
  queryOptions({
    queryKey: affinityKeys.status,
    queryFn: ({ signal }) => fetchAffinityStatus(signal),
    // Affinity's server arrives in a later issue: a 404 means "not connected", not worth retrying.
    retry: false,
  });
