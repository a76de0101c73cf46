import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { fuzzyNameMatches } from '../companies/index.ts';
import { roundPlaceIn, sectorKeyIn } from './round-filters.ts';

/** Read functions other modules use through the door: small projections, batched by ids. */

/**
 * Which funding announcements the assistant's get_market_intelligence asks for: the
 * organisation's, announced since `since`; `sectorKeys` are sectors lower-cased without anything
 * but letters and digits ("climatetech"); `placeKeys` lower-case countries or regions; the company
 * name is matched leniently (companies' fuzzyNameMatches). Null or absent: no condition.
 */
export interface FundingWindowFilter {
  since: Date;
  companyName?: string;
  sectorKeys: readonly string[] | null;
  placeKeys: readonly string[] | null;
}

function announcementWhere(organizationId: string, filter: FundingWindowFilter): SQL {
  return sql`fa.organization_id = ${organizationId}
    and fa.announced_at >= ${filter.since.toISOString()}
    and ${sectorKeyIn(sql`fa.sector`, filter.sectorKeys)}
    and ${filter.companyName === undefined ? sql`true` : fuzzyNameMatches(sql`fa.company_name`, filter.companyName)}
    and ${roundPlaceIn(filter.placeKeys)}`;
}

export interface WindowAnnouncementRow {
  id: string;
  company_name: string;
  title: string;
  amount_raised: string | number | null;
  currency: string | null;
  amount_eur: string | number | null;
  stage: string | null;
  sector: string | null;
  country: string | null;
  region: string | null;
  investors: unknown;
  announced_at: Date | string;
  source_name: string | null;
  source_url: string | null;
}

/** The newest `limit` announcements matching the filter, newest first. */
export async function announcementsInWindow(
  db: Database,
  organizationId: string,
  filter: FundingWindowFilter & { limit: number },
): Promise<WindowAnnouncementRow[]> {
  return rowsOf<WindowAnnouncementRow>(
    db,
    sql`select fa.id, fa.company_name, fa.title, fa.amount_raised, fa.currency, fa.amount_eur, fa.stage,
        fa.sector, fa.country, fa.region, fa.investors, fa.announced_at, fa.source_name, fa.source_url
      from funding_announcements fa
      where ${announcementWhere(organizationId, filter)}
      order by fa.announced_at desc, fa.id
      limit ${filter.limit}`,
  );
}

/** Rounds and amounts per stage over every announcement matching the filter, commonest stage first. */
export async function fundingRoundsByStage(
  db: Database,
  organizationId: string,
  filter: FundingWindowFilter,
): Promise<
  {
    stage: string | null;
    rounds: number | string;
    amount_eur: string | number | null;
    unknown: number | string;
  }[]
> {
  return rowsOf(
    db,
    sql`select fa.stage, count(*) as rounds, sum(fa.amount_eur) as amount_eur,
        count(*) filter (where fa.amount_eur is null) as unknown
      from funding_announcements fa
      where ${announcementWhere(organizationId, filter)}
      group by fa.stage
      order by count(*) desc, sum(fa.amount_eur) desc nulls last, fa.stage nulls last`,
  );
}

/** An enabled feed source, or any funding announcement on record for the organisation. */
export async function isCollectingFundingNews(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await rowsOf<{ collecting: boolean }>(
    db,
    sql`select (exists (select 1 from intelligence_sources where organization_id = ${organizationId} and enabled)
      or exists (select 1 from funding_announcements where organization_id = ${organizationId})) as collecting`,
  );
  return Boolean(row?.collecting);
}
