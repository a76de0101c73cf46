import type { TDealUpdatesResponse } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { displayName, userNamesByIds } from '../users/index.ts';
import * as repository from './deal-activity.repository.ts';

export { type DealActivityEntry, recordDealActivity } from './deal-activity.repository.ts';

/**
 * GET /deals/{id}/updates: the deal's activity after `since` (all of it without), newest first,
 * each entry with its actor's name (one query by ids through the users module for the page).
 * The caller has checked that the deal is the organisation's (404 otherwise).
 */
export async function getDealUpdates(
  db: Database,
  organizationId: string,
  dealId: string,
  query: { since?: string; limit: number },
): Promise<TDealUpdatesResponse> {
  const since = query.since ? new Date(query.since) : undefined;
  const rows = await repository.listDealActivity(db, organizationId, dealId, { since, limit: query.limit });
  const names = await userNamesByIds(
    db,
    rows.flatMap((row) => (row.actorId ? [row.actorId] : [])),
  );
  const actorOf = (id: string | null) => {
    const name = id ? names.get(id) : undefined;
    return name ? displayName(name) : null;
  };
  return {
    deal_id: dealId,
    since: since ? since.toISOString() : null,
    updates: rows.map((row) => ({
      id: row.id,
      kind: row.kind as TDealUpdatesResponse['updates'][number]['kind'],
      summary: row.summary,
      details: (row.details ?? {}) as Record<string, unknown>,
      actor: actorOf(row.actorId),
      occurred_at: row.occurredAt.toISOString(),
    })),
  };
}
