import { type Database, marketSignals } from '@atempo/db';
import { and, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DerivedSignal } from './rules/signal-facts.ts';

export type SignalRow = typeof marketSignals.$inferSelect;

const UPSERT_CHUNK = 200;

/**
 * Stores derived signals under their dedup keys: new ones are inserted, known ones take the new
 * content but keep their detection time and their Slack delivery mark. Answers the ids by key.
 */
export async function upsertSignals(
  db: Database,
  organizationId: string,
  derived: DerivedSignal[],
): Promise<{ ids: Map<string, string>; inserted: number; updated: number }> {
  const ids = new Map<string, string>();
  let inserted = 0;
  for (let start = 0; start < derived.length; start += UPSERT_CHUNK) {
    const chunk = derived.slice(start, start + UPSERT_CHUNK);
    const rows = await db
      .insert(marketSignals)
      .values(
        chunk.map((signal) => ({
          organizationId,
          signalType: signal.signalType,
          companyName: signal.companyName,
          companyId: signal.companyId,
          announcementId: signal.announcementId,
          title: signal.title,
          description: signal.description,
          relevanceScore: signal.relevanceScore,
          impactLevel: signal.impactLevel,
          recommendedActions: signal.recommendedActions,
          data: { ...signal.data, occurred_at: signal.occurredAt.toISOString() },
          dedupKey: signal.dedupKey,
        })),
      )
      .onConflictDoUpdate({
        target: [marketSignals.organizationId, marketSignals.dedupKey],
        set: {
          signalType: sql`excluded.signal_type`,
          companyName: sql`excluded.company_name`,
          // A company added since keeps the link even if the round still names none.
          companyId: sql`coalesce(excluded.company_id, ${marketSignals.companyId})`,
          announcementId: sql`excluded.announcement_id`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          relevanceScore: sql`excluded.relevance_score`,
          impactLevel: sql`excluded.impact_level`,
          recommendedActions: sql`excluded.recommended_actions`,
          data: sql`excluded.data || jsonb_strip_nulls(jsonb_build_object('slack_posted_at', ${marketSignals.data} -> 'slack_posted_at'))`,
        },
      })
      .returning({
        id: marketSignals.id,
        dedupKey: marketSignals.dedupKey,
        created: sql<boolean>`(xmax = 0)`,
      });
    for (const row of rows) {
      ids.set(row.dedupKey, row.id);
      if (row.created) inserted += 1;
    }
  }
  return { ids, inserted, updated: ids.size - inserted };
}

export interface SignalFilter {
  type?: string;
  impact?: string;
  companyId?: string;
  since?: Date;
}

function filterConditions(organizationId: string, filter: SignalFilter): SQL {
  const conditions: SQL[] = [eq(marketSignals.organizationId, organizationId)];
  if (filter.type) conditions.push(eq(marketSignals.signalType, filter.type));
  if (filter.impact) conditions.push(eq(marketSignals.impactLevel, filter.impact));
  if (filter.companyId) conditions.push(eq(marketSignals.companyId, filter.companyId));
  if (filter.since) conditions.push(gte(marketSignals.detectedAt, filter.since));
  return and(...conditions)!;
}

export async function listSignals(
  db: Database,
  organizationId: string,
  filter: SignalFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: SignalRow[]; total: number }> {
  const where = filterConditions(organizationId, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(marketSignals)
      .where(where)
      .orderBy(desc(marketSignals.detectedAt), desc(marketSignals.relevanceScore), marketSignals.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(marketSignals).where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function findSignal(
  db: Database,
  organizationId: string,
  id: string,
): Promise<SignalRow | undefined> {
  const [row] = await db
    .select()
    .from(marketSignals)
    .where(and(eq(marketSignals.organizationId, organizationId), eq(marketSignals.id, id)));
  return row;
}

/** The id of the organisation's signal stored under `dedupKey`, if it was derived. */
export async function findSignalIdByKey(
  db: Database,
  organizationId: string,
  dedupKey: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: marketSignals.id })
    .from(marketSignals)
    .where(and(eq(marketSignals.organizationId, organizationId), eq(marketSignals.dedupKey, dedupKey)));
  return row?.id;
}

/**
 * Links the organisation's signals about these announcements that name no company yet (a round's
 * own signals; a threat is already linked to the company it threatens) to `companyId`.
 */
export async function linkSignalsOfAnnouncements(
  db: Database,
  organizationId: string,
  announcementIds: readonly string[],
  companyId: string,
): Promise<void> {
  if (announcementIds.length === 0) return;
  await db
    .update(marketSignals)
    .set({ companyId })
    .where(
      and(
        eq(marketSignals.organizationId, organizationId),
        isNull(marketSignals.companyId),
        inArray(marketSignals.announcementId, [...announcementIds]),
      ),
    );
}

export interface SignalCounts {
  signal_type: string;
  impact_level: string;
  count: number;
}

export async function countSignals(db: Database, organizationId: string): Promise<SignalCounts[]> {
  const rows = await db
    .select({
      signal_type: marketSignals.signalType,
      impact_level: marketSignals.impactLevel,
      count: sql<number>`count(*)::int`,
    })
    .from(marketSignals)
    .where(eq(marketSignals.organizationId, organizationId))
    .groupBy(marketSignals.signalType, marketSignals.impactLevel);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Marks the signals as posted to Slack at `at` (kept across rescans by upsertSignals). */
export async function markSlackPosted(db: Database, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(marketSignals)
    .set({
      data: sql`${marketSignals.data} || jsonb_build_object('slack_posted_at', ${at.toISOString()}::text)`,
    })
    .where(inArray(marketSignals.id, ids));
}

/**
 * Removes signals folded into another: those of announcements that are further reports of a round
 * (its signals are stored under the round's first announcement) and per-round keys now merged into
 * the round's own signal. Their notifications go with them (cascade), so the bell shows the round once.
 */
export async function deleteFoldedSignals(
  db: Database,
  organizationId: string,
  folded: { announcementIds: string[]; keys: string[] },
): Promise<number> {
  if (folded.announcementIds.length === 0 && folded.keys.length === 0) return 0;
  const conditions = [];
  if (folded.announcementIds.length > 0)
    conditions.push(inArray(marketSignals.announcementId, folded.announcementIds));
  if (folded.keys.length > 0) conditions.push(inArray(marketSignals.dedupKey, folded.keys));
  const deleted = await db
    .delete(marketSignals)
    .where(and(eq(marketSignals.organizationId, organizationId), or(...conditions)))
    .returning({ id: marketSignals.id });
  return deleted.length;
}

/** The signal of a round, by any of its announcements (the round's own, or one folded into it). */
export async function findRoundSignalId(
  db: Database,
  organizationId: string,
  announcementId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: marketSignals.id })
    .from(marketSignals)
    .where(
      and(
        eq(marketSignals.organizationId, organizationId),
        sql`${marketSignals.dedupKey} like 'funding_round:%'`,
        or(
          eq(marketSignals.announcementId, announcementId),
          sql`${marketSignals.data} -> 'round' -> 'reports' @> ${JSON.stringify([{ announcement_id: announcementId }])}::jsonb`,
        ),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
