import type { TUpdateWatchlistRequest, TWatchlistEntry, TWatchlistResponse } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Watching a company with the server's defaults (threshold 0.7, every signal type, email and in-app). */
export const addToWatchlist = (companyId: string) =>
  api.post<TWatchlistEntry>('/signals/watchlist/add', { company_id: companyId });

export const removeFromWatchlist = (entryId: string) =>
  api.delete<unknown>(`/signals/watchlist/${encodeURIComponent(entryId)}`);

/** The watchlist as other screens (Intelligence) cache it; refreshed when a company is watched here. */
export const watchlistKey = ['signals', 'watchlist'] as const;

export const fetchWatchlist = (signal?: AbortSignal) =>
  api.get<TWatchlistResponse>('/signals/watchlist', { signal });

export const watchlistQuery = () =>
  queryOptions({ queryKey: watchlistKey, queryFn: ({ signal }) => fetchWatchlist(signal) });

/** Changes an entry's threshold, signal types or channels. */
export const updateWatchlistEntry = (entryId: string, changes: TUpdateWatchlistRequest) =>
  api.patch<TWatchlistEntry>(`/signals/watchlist/${encodeURIComponent(entryId)}`, changes);
