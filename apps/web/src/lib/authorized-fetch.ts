import { api } from './api.ts';
import { networkError } from './api-error.ts';
import { readAccessToken } from './token-storage.ts';

/**
 * A call whose answer is not JSON (a CSV download) or whose error body we need whole (the
 * import's 422 carries every row): the api client's base and bearer token, its refresh on 401,
 * and the raw Response for the caller to read.
 */
export interface AuthorizedRequest extends Omit<RequestInit, 'headers'> {
  headers?: Record<string, string>;
}

export async function authorizedFetch(path: string, init: AuthorizedRequest = {}): Promise<Response> {
  const base = await api.resolveBase();
  const send = async (token: string | null) => {
    const headers = { ...init.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    try {
      return await globalThis.fetch(`${base}${path}`, { ...init, headers });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw networkError();
    }
  };
  const token = readAccessToken(window.localStorage);
  const response = await send(token);
  if (response.status !== 401) return response;
  // Another request may have refreshed already; otherwise refresh (shared with any in flight).
  const stored = readAccessToken(window.localStorage);
  return send(stored && stored !== token ? stored : await api.refreshSession());
}
