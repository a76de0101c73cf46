import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  SIGNAL_TYPES,
  type TAddWatchlistRequest,
  type TNotificationPreferences,
  type TUpdateWatchlistRequest,
  type TWatchlistEntry,
  type TWatchlistResponse,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { conflict, notFound } from '../../platform/errors.ts';
import { companyNamesByIds, getCompanyRow } from '../companies/index.ts';
import * as repository from './watchlist.repository.ts';

const alreadyWatched = () => conflict('This company is already on your watchlist', 'ALREADY_ON_WATCHLIST');

function toEntry(row: repository.WatchlistRow, companyName: string): TWatchlistEntry {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: companyName,
    alert_threshold: row.alertThreshold,
    signal_types: row.signalTypes as TWatchlistEntry['signal_types'],
    notification_preferences: row.notificationPreferences as TWatchlistEntry['notification_preferences'],
    created_at: row.createdAt.toISOString(),
  };
}

/** The names of these companies, by id (one query through the companies door). */
async function companyNames(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const rows = await companyNamesByIds(db, organizationId, ids);
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listWatchlist(db: Database, organizationId: string): Promise<TWatchlistResponse> {
  const entries = await repository.listEntries(db, organizationId);
  const names = await companyNames(
    db,
    organizationId,
    entries.map((entry) => entry.companyId),
  );
  // An entry whose company is gone is not listed (the company's deletion removes it anyway).
  const rows = entries.filter((entry) => names.has(entry.companyId));
  return { watchlist: rows.map((row) => toEntry(row, names.get(row.companyId)!)), total: rows.length };
}

/** The organisation's watched companies, by id (the signal scan marks them). */
export async function watchedCompanyIds(db: Database, organizationId: string): Promise<string[]> {
  return repository.watchedCompanyIds(db, organizationId);
}

/** Watches a company of the organisation (404 otherwise); a company is watched at most once (409). */
export async function addToWatchlist(
  db: Database,
  caller: { organizationId: string; userId: string },
  input: TAddWatchlistRequest,
): Promise<TWatchlistEntry> {
  const company = await getCompanyRow(db, caller.organizationId, input.company_id);
  const entry = await repository.insertEntryUnlessWatched(db, {
    organizationId: caller.organizationId,
    companyId: company.id,
    alertThreshold: input.alert_threshold,
    signalTypes: input.signal_types ?? [...SIGNAL_TYPES],
    notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...input.notification_preferences },
    createdBy: caller.userId,
  });
  if (!entry) throw alreadyWatched();
  return toEntry(entry, company.name);
}

export async function removeFromWatchlist(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await repository.deleteEntry(db, organizationId, id))) throw notFound('Watchlist entry not found');
}

/** Changes the threshold, signal types or channels of an entry; channels not sent keep their value. */
export async function updateWatchlistEntry(
  db: Database,
  organizationId: string,
  id: string,
  input: TUpdateWatchlistRequest,
): Promise<TWatchlistEntry> {
  const current = await repository.findEntry(db, organizationId, id);
  if (!current) throw notFound('Watchlist entry not found');
  const changes = {
    ...(input.alert_threshold !== undefined ? { alertThreshold: input.alert_threshold } : {}),
    ...(input.signal_types !== undefined ? { signalTypes: input.signal_types } : {}),
    ...(input.notification_preferences !== undefined
      ? {
          notificationPreferences: {
            ...(current.notificationPreferences as TNotificationPreferences),
            ...input.notification_preferences,
          },
        }
      : {}),
  };
  // A PATCH that names no field changes nothing (an empty UPDATE is not SQL).
  const updated =
    Object.keys(changes).length === 0
      ? current
      : await repository.updateEntry(db, organizationId, id, changes);
  if (!updated) throw notFound('Watchlist entry not found');
  const names = await companyNames(db, organizationId, [updated.companyId]);
  return toEntry(updated, names.get(updated.companyId) ?? '');
}
