import type { DEAL_ACTIVITY_KINDS } from '@atempo/contracts';
import { type Database, dealActivity } from '@atempo/db';

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

/** Appends to a deal's activity log; call it inside the transaction that made the change. */
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
  }));
  if (rows.length > 0) await db.insert(dealActivity).values(rows);
}
