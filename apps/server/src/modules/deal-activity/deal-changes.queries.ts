import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/** A stage or score change of a deal, as the daily brief lists it. */
export interface DealChangeRow {
  deal_id: string;
  kind: string;
  summary: string;
  details: unknown;
  occurred_at: string | Date;
}

/**
 * The organisation's deal stage and score changes in `(start, end]`, newest first, at most
 * `limit`: what happened to the pipeline over a period (the monitoring brief).
 */
export function dealChangesBetween(
  db: Database,
  organizationId: string,
  period: { start: Date; end: Date },
  limit: number,
): Promise<DealChangeRow[]> {
  return rowsOf<DealChangeRow>(
    db,
    sql`select a.deal_id, a.kind, a.summary, a.details, a.occurred_at
        from deal_activity a
        where a.organization_id = ${organizationId} and a.kind in ('stage_changed', 'score_changed')
          and a.occurred_at > ${period.start.toISOString()} and a.occurred_at <= ${period.end.toISOString()}
        order by a.occurred_at desc limit ${limit}`,
  );
}
