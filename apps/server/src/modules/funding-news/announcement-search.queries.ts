import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { anyTerm, SEARCH_CANDIDATES, stageFilter } from '../companies/index.ts';

/**
 * Funding rounds for the research engine: candidates by search terms, regions and stages, and the
 * rounds of one company. Every query is scoped to `organizationId`.
 */

export interface AnnouncementSearchRow {
  id: string;
  company_name: string;
  company_id: string | null;
  title: string;
  summary: string | null;
  amount_raised: number | string | null;
  currency: string | null;
  amount_eur: number | string | null;
  stage: string | null;
  investors: string[];
  region: string | null;
  country: string | null;
  sector: string | null;
  announced_at: string | Date;
  confidence_score: number;
  source_name: string;
  source_url: string | null;
}

const ANNOUNCEMENT_COLUMNS = sql`fa.id, fa.company_name, fa.company_id, fa.title, fa.summary, fa.amount_raised,
  fa.currency, fa.amount_eur, fa.stage, fa.investors, fa.region, fa.country, fa.sector, fa.announced_at,
  fa.confidence_score, fa.source_name, fa.source_url`;

/**
 * Region and stage filters narrowed in SQL, so the candidate limit keeps the rows that can pass:
 * a superset of what the engine keeps (rows with no or an unknown region still reach its country
 * check; stages are matched as "Series B", "series_b", "B", "Series B2"…).
 */
export interface AnnouncementFilters {
  regions: string[];
  stages: string[];
  /** The question's time window (ISO instants; `to` exclusive, null for now). */
  window?: { from: string; to: string | null } | null;
}

function announcementFilters(filters: AnnouncementFilters): SQL {
  const parts: SQL[] = [];
  if (filters.regions.length > 0) {
    const stored = new Set(filters.regions);
    if (stored.has('Europe')) stored.add('UK');
    parts.push(
      sql`(fa.region is null or fa.region in ('Other', 'Unknown') or fa.region in (${sql.join(
        [...stored].map((region) => sql`${region}`),
        sql`, `,
      )}))`,
    );
  }
  parts.push(stageFilter(sql`fa.stage`, filters.stages));
  if (filters.window) {
    parts.push(sql`fa.announced_at >= ${filters.window.from}::timestamptz`);
    if (filters.window.to) parts.push(sql`fa.announced_at < ${filters.window.to}::timestamptz`);
  }
  return sql.join(parts, sql` and `);
}

/** Rounds matching any term over company, title, summary, sector and country, newest first. */
export async function searchAnnouncements(
  db: Database,
  organizationId: string,
  terms: string[],
  filters: AnnouncementFilters = { regions: [], stages: [] },
): Promise<AnnouncementSearchRow[]> {
  return rowsOf<AnnouncementSearchRow>(
    db,
    sql`select ${ANNOUNCEMENT_COLUMNS} from funding_announcements fa
      where fa.organization_id = ${organizationId}
        and ${anyTerm(terms, [sql`fa.company_name`, sql`fa.title`, sql`fa.summary`, sql`fa.sector`, sql`fa.country`])}
        and ${announcementFilters(filters)}
      order by fa.announced_at desc, fa.id
      limit ${SEARCH_CANDIDATES}`,
  );
}

/** The rounds of one company: linked to its record, or carrying its name. */
export async function announcementsOfCompany(
  db: Database,
  organizationId: string,
  company: { id: string | null; name: string },
  limit: number,
): Promise<AnnouncementSearchRow[]> {
  const linked = company.id ? sql`fa.company_id = ${company.id} or` : sql``;
  return rowsOf<AnnouncementSearchRow>(
    db,
    sql`select ${ANNOUNCEMENT_COLUMNS} from funding_announcements fa
      where fa.organization_id = ${organizationId}
        and (${linked} lower(fa.company_name) = lower(${company.name}))
      order by fa.announced_at desc, fa.id
      limit ${limit}`,
  );
}
