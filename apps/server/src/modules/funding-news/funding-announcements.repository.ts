import { type Database, fundingAnnouncements, fundingArticles } from '@atempo/db';
import { and, asc, count, eq, gte, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import { nameKeyMatch } from '../companies/index.ts';

export type AnnouncementRow = typeof fundingAnnouncements.$inferSelect;
export type NewAnnouncementRow = typeof fundingAnnouncements.$inferInsert;

/**
 * Claims an article URL for the organisation: true the first time, false when it was read before
 * (the unique index decides, so two fetchers racing read it once).
 */
export async function claimArticle(
  db: Database,
  values: {
    organizationId: string;
    sourceId: string | null;
    url: string;
    title: string;
    publishedAt: Date | null;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(fundingArticles)
    .values(values)
    .onConflictDoNothing({ target: [fundingArticles.organizationId, fundingArticles.url] })
    .returning({ id: fundingArticles.id });
  return row?.id ?? null;
}

/** The announcement an article already read was made into; undefined when it made none. */
export async function findAnnouncementOfArticle(
  db: Database,
  organizationId: string,
  url: string,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select({ announcement: fundingAnnouncements })
    .from(fundingArticles)
    .innerJoin(fundingAnnouncements, eq(fundingAnnouncements.id, fundingArticles.announcementId))
    .where(and(eq(fundingArticles.organizationId, organizationId), eq(fundingArticles.url, url)));
  return row?.announcement;
}

export async function linkArticle(db: Database, articleId: string, announcementId: string): Promise<void> {
  await db.update(fundingArticles).set({ announcementId }).where(eq(fundingArticles.id, articleId));
}

/** Serialises merges of one company's reports within the organisation until the transaction ends. */
export async function lockCompanyRounds(
  db: Database,
  organizationId: string,
  companyKey: string,
): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`funding:${organizationId}:${companyKey}`}))`);
}

export async function findByDedupKeys(
  db: Database,
  organizationId: string,
  keys: string[],
): Promise<AnnouncementRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(fundingAnnouncements)
    .where(
      and(
        eq(fundingAnnouncements.organizationId, organizationId),
        // a round that found its key taken holds it with a suffix ("key|digest"): still a candidate
        or(
          inArray(fundingAnnouncements.dedupKey, keys),
          ...keys.map((key) => like(fundingAnnouncements.dedupKey, `${key.replace(/[\\%_]/g, '\\$&')}|%`)),
        ),
      ),
    );
}

/** Inserts unless the key is taken; undefined then. */
export async function insertAnnouncement(
  db: Database,
  values: NewAnnouncementRow,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .insert(fundingAnnouncements)
    .values(values)
    .onConflictDoNothing({ target: [fundingAnnouncements.organizationId, fundingAnnouncements.dedupKey] })
    .returning();
  return row;
}

export async function updateAnnouncement(
  db: Database,
  id: string,
  values: Partial<NewAnnouncementRow>,
): Promise<AnnouncementRow> {
  const [row] = await db
    .update(fundingAnnouncements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fundingAnnouncements.id, id))
    .returning();
  return row!;
}

/**
 * Links the organisation's announcements of a company (by normalised name) that name no company
 * yet to `companyId`; answers their ids.
 */
export async function linkAnnouncementsToCompany(
  db: Database,
  organizationId: string,
  name: string,
  companyId: string,
): Promise<string[]> {
  const match = nameKeyMatch(name);
  const candidates = await db
    .select({ id: fundingAnnouncements.id, companyName: fundingAnnouncements.companyName })
    .from(fundingAnnouncements)
    .where(
      and(
        eq(fundingAnnouncements.organizationId, organizationId),
        isNull(fundingAnnouncements.companyId),
        match.narrow(fundingAnnouncements.companyName),
      ),
    );
  const ids = candidates.filter((row) => match.sameName(row.companyName)).map((row) => row.id);
  if (ids.length === 0) return [];
  await db
    .update(fundingAnnouncements)
    .set({ companyId, updatedAt: new Date() })
    .where(
      and(eq(fundingAnnouncements.organizationId, organizationId), inArray(fundingAnnouncements.id, ids)),
    );
  return ids;
}

/** One of the organisation's announcements; undefined for an unknown id or another organisation's. */
export async function findAnnouncement(
  db: Database,
  organizationId: string,
  id: string,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select()
    .from(fundingAnnouncements)
    .where(and(eq(fundingAnnouncements.organizationId, organizationId), eq(fundingAnnouncements.id, id)));
  return row;
}

/** A period of announcement dates: from `since` (inclusive) up to `until` (exclusive) when given. */
export interface Period {
  since: Date;
  until: Date | null;
}

const inPeriod = (organizationId: string, period: Period) =>
  and(
    eq(fundingAnnouncements.organizationId, organizationId),
    gte(fundingAnnouncements.announcedAt, period.since),
    period.until ? lt(fundingAnnouncements.announcedAt, period.until) : undefined,
  );

/**
 * One page, newest announcement first. Offset paging over the (organization_id, announced_at desc, id)
 * index, in the index's own order ("desc nulls last", ties by id ascending; any other order makes
 * PostgreSQL sort the whole period instead): a page costs an index range scan of offset + limit entries.
 */
export async function listAnnouncements(
  db: Database,
  organizationId: string,
  period: Period,
  limit: number,
  offset: number,
): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(fundingAnnouncements)
    .where(inPeriod(organizationId, period))
    .orderBy(sql`${fundingAnnouncements.announcedAt} desc nulls last`, asc(fundingAnnouncements.id))
    .limit(limit)
    .offset(offset);
}

export async function countAnnouncements(
  db: Database,
  organizationId: string,
  period: Period,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fundingAnnouncements)
    .where(inPeriod(organizationId, period));
  return Number(row?.n ?? 0);
}

export interface PeriodTotals {
  total: number;
  raisedEur: number;
  amountUnknown: number;
  rumoured: number;
  thesisSector: number;
  highPriority: number;
}

/** The stats cards' figures in one pass; the priority thresholds are spec 02 §9's, in EUR millions. */
export async function periodTotals(
  db: Database,
  organizationId: string,
  period: Period,
  thesisSectors: string[],
): Promise<PeriodTotals> {
  const a = fundingAnnouncements;
  const sectors = thesisSectors.length > 0 ? thesisSectors : ['\u0000'];
  // A rumour (extraction_metadata.rumoured) is counted as a signal but its money is not raised yet.
  const rumoured = sql`coalesce((${a.extractionMetadata}->>'rumoured')::boolean, false)`;
  const [row] = await db
    .select({
      total: count(),
      raisedEur: sql<string | number>`coalesce(sum(${a.amountEur}) filter (where not ${rumoured}), 0)`,
      amountUnknown: sql<string | number>`count(*) filter (where ${a.amountEur} is null)`,
      rumoured: sql<string | number>`count(*) filter (where ${rumoured})`,
      thesisSector: sql<string | number>`count(*) filter (where ${inArray(a.sector, sectors)})`,
      highPriority: sql<
        string | number
      >`count(*) filter (where ${a.amountEur} > 100000000 or ${a.confidenceScore} > 0.8::real)`,
    })
    .from(a)
    .where(inPeriod(organizationId, period));
  return {
    total: Number(row?.total ?? 0),
    raisedEur: Number(row?.raisedEur ?? 0),
    amountUnknown: Number(row?.amountUnknown ?? 0),
    rumoured: Number(row?.rumoured ?? 0),
    thesisSector: Number(row?.thesisSector ?? 0),
    highPriority: Number(row?.highPriority ?? 0),
  };
}
