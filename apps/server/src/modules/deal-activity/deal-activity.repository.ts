import type { DEAL_ACTIVITY_KINDS } from '@atempo/contracts';
import { type Database, dealActivity } from '@atempo/db';
import { and, desc, eq, gt, sql } from 'drizzle-orm';

export type DealActivityKind = (typeof DEAL_ACTIVITY_KINDS)[number];

export interface DealActivityEntry {
  organizationId: string;
  dealId: string;
  kind: DealActivityKind;
  /** A sentence for people: "Stage changed from lead to qualified". */
  summary: string;
  details?: Record<string, unknown>;
  actorId?: string | null;
}

/**
 * Appends to a deal's activity log; call it inside the transaction that made the change.
 * occurred_at is the wall clock of the insert (clock_timestamp, not the transaction's start), so a
 * long transaction's entries are not dated before changes committed meanwhile. It is cut to the
 * millisecond the API answers, so a client passing an entry's occurred_at back as `since` does not
 * get that entry again; `seq` keeps the order of entries written in the same millisecond.
 */
export async function recordDealActivity(
  db: Database,
  entries: DealActivityEntry | DealActivityEntry[],
): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((entry) => ({
    organizationId: entry.organizationId,
    dealId: entry.dealId,
    kind: entry.kind,
    summary: entry.summary,
    details: entry.details ?? {},
    actorId: entry.actorId ?? null,
    occurredAt: sql`date_trunc('milliseconds', clock_timestamp())`,
  }));
  if (rows.length > 0) await db.insert(dealActivity).values(rows);
}

export interface DealActivityRow {
  id: string;
  kind: string;
  summary: string;
  details: unknown;
  actorId: string | null;
  occurredAt: Date;
}

/** A deal's activity newest first, optionally only after `since` (index deal_activity_deal_time_idx). */
export async function listDealActivity(
  db: Database,
  organizationId: string,
  dealId: string,
  page: { since?: Date; limit: number },
): Promise<DealActivityRow[]> {
  const conditions = [eq(dealActivity.dealId, dealId), eq(dealActivity.organizationId, organizationId)];
  if (page.since) conditions.push(gt(dealActivity.occurredAt, page.since));
  return db
    .select({
      id: dealActivity.id,
      kind: dealActivity.kind,
      summary: dealActivity.summary,
      details: dealActivity.details,
      actorId: dealActivity.actorId,
      occurredAt: dealActivity.occurredAt,
    })
    .from(dealActivity)
    .where(and(...conditions))
    .orderBy(desc(dealActivity.occurredAt), desc(dealActivity.seq))
    .limit(page.limit);
}
