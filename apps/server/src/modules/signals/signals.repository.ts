import { companies, type Database, fundingAnnouncements, marketSignals, organizations } from '@atempo/db';
import { and, desc, eq, exists, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DerivedSignal, RoundFact, TrackedCompany } from './rules/signal-facts.ts';

export type SignalRow = typeof marketSignals.$inferSelect;

/** Organisations a full scan has something to read for: a round since `since`, or a company. */
export async function organizationsToScan(db: Database, since: Date): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      or(
        exists(
          db
            .select({ one: sql`1` })
            .from(fundingAnnouncements)
            .where(
              and(
                eq(fundingAnnouncements.organizationId, organizations.id),
                gte(fundingAnnouncements.announcedAt, since),
              ),
            ),
        ),
        exists(
          db.select({ one: sql`1` }).from(companies).where(eq(companies.organizationId, organizations.id)),
        ),
      ),
    )
    .orderBy(organizations.id);
  return rows.map((row) => row.id);
}

/** The organisation's rounds announced since `since` (newest first, at most `limit`), or those named. */
export async function loadRounds(
  db: Database,
  organizationId: string,
  since: Date,
  limit: number,
  alsoIds: readonly string[] = [],
): Promise<RoundFact[]> {
  const window = gte(fundingAnnouncements.announcedAt, since);
  const rows = await db
    .select()
    .from(fundingAnnouncements)
    .where(
      and(
        eq(fundingAnnouncements.organizationId, organizationId),
        alsoIds.length > 0 ? or(window, inArray(fundingAnnouncements.id, [...alsoIds])) : window,
      ),
    )
    .orderBy(desc(fundingAnnouncements.announcedAt), fundingAnnouncements.id)
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    companyName: row.companyName,
    companyId: row.companyId,
    title: row.title,
    summary: row.summary,
    amountRaised: row.amountRaised,
    currency: row.currency,
    amountEur: row.amountEur,
    stage: row.stage,
    region: row.region,
    country: row.country,
    sector: row.sector,
    announcedAt: row.announcedAt,
    confidenceScore: row.confidenceScore,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    investors: Array.isArray(row.investors)
      ? row.investors.filter((x): x is string => typeof x === 'string')
      : [],
    rumoured: (row.extractionMetadata as { rumoured?: unknown } | null)?.rumoured === true,
  }));
}

// Spelled out: inside a select list drizzle leaves column names unqualified, and a bare "id" in
// the subquery would be the inner table's.
const hasDeal = sql<boolean>`exists (select 1 from deals d where d.company_id = "companies"."id")`;
const isWatched = sql<boolean>`exists (select 1 from watchlist_entries w where w.company_id = "companies"."id")`;

/**
 * The companies the rules look at: those with a deal, watched, or flagged with IPO signals, plus
 * any named by id or (case-insensitively) by name in the rounds.
 */
export async function loadCompanies(
  db: Database,
  organizationId: string,
  ids: readonly string[],
  names: readonly string[],
): Promise<TrackedCompany[]> {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const named: SQL[] = [sql`${hasDeal}`, sql`${isWatched}`, eq(companies.ipoSignals, true)];
  if (ids.length > 0) named.push(inArray(companies.id, [...new Set(ids)]));
  if (lowered.length > 0) named.push(inArray(sql`lower(${companies.name})`, lowered));
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      industry: companies.industry,
      country: companies.headquartersCountry,
      stage: companies.stage,
      ipoSignals: companies.ipoSignals,
      hasDeal,
      watched: isWatched,
    })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), or(...named)))
    .orderBy(companies.name, companies.id);
  return rows.map((row) => ({ ...row, hasDeal: Boolean(row.hasDeal), watched: Boolean(row.watched) }));
}

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
