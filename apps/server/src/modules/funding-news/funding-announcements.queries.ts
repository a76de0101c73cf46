/**
 * Reads of funding announcements for other modules: the rounds a signal scan reads and the
 * dashboard's rounds per sector and month.
 */
import { type Database, fundingAnnouncements } from '@atempo/db';
import { and, desc, eq, gt, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { numberOf, rowsOf } from '../../platform/sql-rows.ts';

export type FundingAnnouncementRecord = typeof fundingAnnouncements.$inferSelect;

/** Organisations with a round announced since `since`, by id. */
export async function organizationsWithRoundsSince(db: Database, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: fundingAnnouncements.organizationId })
    .from(fundingAnnouncements)
    .where(gte(fundingAnnouncements.announcedAt, since));
  return rows.map((row) => row.id);
}

/** The organisation's rounds announced since `since` (newest first, at most `limit`), or those named. */
export async function roundsSince(
  db: Database,
  organizationId: string,
  since: Date,
  limit: number,
  alsoIds: readonly string[] = [],
): Promise<FundingAnnouncementRecord[]> {
  const window = gte(fundingAnnouncements.announcedAt, since);
  return db
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
}

/** Funding rounds announced since `from`, per sector as extracted and UTC month. */
export async function fundingRoundsBySectorAndMonth(db: Database, organizationId: string, from: Date) {
  const rows = await rowsOf<{
    sector: string;
    month: string;
    count: number | string;
    amount: number | string;
    unknown: number | string;
  }>(
    db,
    sql`
      select sector, to_char(announced_at at time zone 'UTC', 'YYYY-MM') as month,
        count(*) as count,
        coalesce(sum(amount_eur), 0) as amount,
        count(*) filter (where amount_eur is null) as unknown
      from funding_announcements
      where organization_id = ${organizationId}
        and sector is not null
        and announced_at >= ${from.toISOString()}::timestamptz
      group by 1, 2
    `,
  );
  return rows.map((row) => ({
    sector: row.sector,
    month: row.month,
    count: numberOf(row.count),
    amount: numberOf(row.amount),
    unknown: numberOf(row.unknown),
  }));
}

/** The organisation's rounds linked to a company and recorded in (start, end], newest first, at most `limit`. */
export async function linkedRoundsCreatedBetween(
  db: Database,
  organizationId: string,
  period: { start: Date; end: Date },
  limit: number,
) {
  return db
    .select({
      id: fundingAnnouncements.id,
      title: fundingAnnouncements.title,
      stage: fundingAnnouncements.stage,
      amountRaised: fundingAnnouncements.amountRaised,
      currency: fundingAnnouncements.currency,
      announcedAt: fundingAnnouncements.announcedAt,
      createdAt: fundingAnnouncements.createdAt,
      companyId: fundingAnnouncements.companyId,
      sector: fundingAnnouncements.sector,
    })
    .from(fundingAnnouncements)
    .where(
      and(
        eq(fundingAnnouncements.organizationId, organizationId),
        isNotNull(fundingAnnouncements.companyId),
        gt(fundingAnnouncements.createdAt, period.start),
        lte(fundingAnnouncements.createdAt, period.end),
      ),
    )
    .orderBy(desc(fundingAnnouncements.createdAt))
    .limit(limit);
}
