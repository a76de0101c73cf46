import type { TDealUpdatesResponse } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import * as repository from './deal-activity.repository.ts';

export { type DealActivityEntry, recordDealActivity } from './deal-activity.repository.ts';

/** GET /deals/{id}/updates: the deal's activity after `since` (all of it without), newest first. */
export async function getDealUpdates(
  db: Database,
  organizationId: string,
  dealId: string,
  query: { since?: string; limit: number },
): Promise<TDealUpdatesResponse> {
  if (!(await repository.dealInOrganization(db, organizationId, dealId))) throw notFound('Deal not found');
  const since = query.since ? new Date(query.since) : undefined;
  const rows = await repository.listDealActivity(db, organizationId, dealId, { since, limit: query.limit });
  return {
    deal_id: dealId,
    since: since ? since.toISOString() : null,
    updates: rows.map((row) => ({
      id: row.id,
      kind: row.kind as TDealUpdatesResponse['updates'][number]['kind'],
      summary: row.summary,
      details: (row.details ?? {}) as Record<string, unknown>,
      actor: row.actor,
      occurred_at: row.occurredAt.toISOString(),
    })),
  };
}
