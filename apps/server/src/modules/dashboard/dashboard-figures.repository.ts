import type { TDashboardFigures } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { numberOf, rowsOf } from '../../platform/sql-rows.ts';

/** How far back "high-priority alerts" look, and the window of decisions deal conversion counts. */
export const ALERT_WINDOW_DAYS = 30;
export const CONVERSION_WINDOW_DAYS = 365;

interface FiguresRow {
  active_deals: number | string;
  deals_closed: number | string;
  deals_decided: number | string;
  companies_tracked: number | string;
  high_priority_alerts: number | string;
}

/**
 * The dashboard's figures as they stood at `at`, read from the records' own timestamps (decision
 * 034). A deal's stage at `at` is the `from` of its first stage change after `at`, or its stage now
 * when it has not changed since; it entered that stage at its last stage change up to `at`, or when
 * it was created. Deals, companies and signals created after `at` are left out; rows deleted since
 * cannot be seen, which is why the daily snapshots exist. With `at` = now this is today's figures.
 */
export async function figuresAt(db: Database, organizationId: string, at: Date): Promise<TDashboardFigures> {
  const instant = sql`${at.toISOString()}::timestamptz`;
  const [row] = await rowsOf<FiguresRow>(
    db,
    sql`
      with deal_state as (
        select
          coalesce(
            (select a.details->>'from' from deal_activity a
              where a.deal_id = d.id and a.kind = 'stage_changed' and a.occurred_at > ${instant}
              order by a.occurred_at asc, a.seq asc limit 1),
            d.stage
          ) as stage,
          coalesce(
            (select max(a.occurred_at) from deal_activity a
              where a.deal_id = d.id and a.kind = 'stage_changed' and a.occurred_at <= ${instant}),
            d.created_at
          ) as entered_at
        from deals d
        where d.organization_id = ${organizationId} and d.created_at <= ${instant}
      )
      select
        (select count(*) from deal_state where stage not in ('closed', 'rejected')) as active_deals,
        (select count(*) from deal_state
          where stage = 'closed'
            and entered_at > ${instant} - make_interval(days => ${CONVERSION_WINDOW_DAYS})) as deals_closed,
        (select count(*) from deal_state
          where stage in ('closed', 'rejected')
            and entered_at > ${instant} - make_interval(days => ${CONVERSION_WINDOW_DAYS})) as deals_decided,
        (select count(*) from companies c
          where c.organization_id = ${organizationId} and c.created_at <= ${instant}) as companies_tracked,
        (select count(*) from market_signals s
          where s.organization_id = ${organizationId}
            and s.impact_level = 'high'
            and s.detected_at <= ${instant}
            and s.detected_at > ${instant} - make_interval(days => ${ALERT_WINDOW_DAYS})) as high_priority_alerts
    `,
  );
  if (!row) throw new Error('The figures query answered no row');
  return {
    active_deals: numberOf(row.active_deals),
    companies_tracked: numberOf(row.companies_tracked),
    high_priority_alerts: numberOf(row.high_priority_alerts),
    deals_closed: numberOf(row.deals_closed),
    deals_decided: numberOf(row.deals_decided),
  };
}
