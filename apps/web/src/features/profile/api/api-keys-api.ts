import type { TApiKeyListResponse, TCreateApiKeyRequest, TCreatedApiKey } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const apiKeyKeys = { all: ['users', 'me', 'api-keys'] as const };

export const fetchApiKeys = (signal?: AbortSignal) =>
  api.get<TApiKeyListResponse>('/users/me/api-keys', { signal });

export const apiKeysQuery = () =>
  queryOptions({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => fetchApiKeys(signal) });

/** The answer carries the secret: the only time the client ever sees it. */
export const createApiKey = (body: TCreateApiKeyRequest) =>
  api.post<TCreatedApiKey>('/users/me/api-keys', body);

export const deleteApiKey = (id: string) =>
  api.delete<unknown>(`/users/me/api-keys/${encodeURIComponent(id)}`);
