import type { TWatchlistEntry } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** Watching a company with the server's defaults (threshold 0.7, every signal type, email and in-app). */
export const addToWatchlist = (companyId: string) =>
  api.post<TWatchlistEntry>('/signals/watchlist/add', { company_id: companyId });

export const removeFromWatchlist = (entryId: string) =>
  api.delete<unknown>(`/signals/watchlist/${encodeURIComponent(entryId)}`);

/** The watchlist as other screens (Intelligence) cache it; refreshed when a company is watched here. */
export const watchlistKey = ['signals', 'watchlist'] as const;
