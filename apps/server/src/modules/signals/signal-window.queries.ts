import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { fuzzyNameMatches } from '../companies/index.ts';
import { roundPlaceIn, sectorKeyIn } from '../funding-news/index.ts';

/** Read functions other modules use through the door: small projections, batched by ids. */

export interface WindowSignalRow {
  id: string;
  signal_type: string;
  company_name: string | null;
  title: string;
  impact_level: string;
  relevance_score: number | string;
  detected_at: Date | string;
  description: string | null;
  recommended_actions: unknown;
  sector: string | null;
  announcement_id: string | null;
  source_url: string | null;
  total: number | string;
}

/**
 * The newest `limit` market signals of the organisation detected since `since`, as the
 * assistant's get_market_intelligence lists them, with `total` counting every match. The company
 * name is matched leniently (companies' fuzzyNameMatches); `sectorKeys` are sectors lower-cased
 * without anything but letters and digits; `placeKeys` lower-case countries or regions. A signal's
 * sector and place come from its announcement and deals, filtered before the limit, so the
 * statement joins funding_announcements and deals read-only (JOINS in scripts/table-owners.mjs).
 */
export async function signalsInWindow(
  db: Database,
  organizationId: string,
  filter: {
    since: Date;
    companyName?: string;
    sectorKeys: readonly string[] | null;
    placeKeys: readonly string[] | null;
    limit: number;
  },
): Promise<WindowSignalRow[]> {
  return rowsOf<WindowSignalRow>(
    db,
    // A signal's sector is its announcement's, else that of a deal on its company. A place is
    // known only through the announcement, so signals without one drop out when a place is asked.
    sql`select *, count(*) over () as total from (
        select s.id, s.signal_type, s.company_name, s.title, s.impact_level, s.relevance_score, s.detected_at,
          s.description, s.recommended_actions, s.announcement_id, fa.source_url,
          coalesce(fa.sector, (select d.sector from deals d
            where d.organization_id = s.organization_id and d.company_id = s.company_id and d.sector is not null
            order by d.updated_at desc limit 1)) as sector
        from market_signals s
        left join funding_announcements fa on fa.id = s.announcement_id and fa.organization_id = s.organization_id
        where s.organization_id = ${organizationId}
          and s.detected_at >= ${filter.since.toISOString()}
          and ${filter.companyName === undefined ? sql`true` : fuzzyNameMatches(sql`s.company_name`, filter.companyName)}
          and ${roundPlaceIn(filter.placeKeys)}
      ) found
      where ${sectorKeyIn(sql`found.sector`, filter.sectorKeys)}
      order by detected_at desc, id
      limit ${filter.limit}`,
  );
}

/** Whether any market signal is on record for the organisation. */
export async function hasMarketSignals(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from market_signals where organization_id = ${organizationId}) as found`,
  );
  return Boolean(row?.found);
}
