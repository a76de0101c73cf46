import type { TDashboardFigures } from '@atempo/contracts';
import { type Database, metricSnapshots } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/**
 * Keeps the day's figures unless the day already has them: the first reading of a day stands, so a
 * day's snapshot does not drift with every visit.
 */
export async function recordSnapshotIfMissing(
  db: Database,
  organizationId: string,
  day: string,
  figures: TDashboardFigures,
): Promise<boolean> {
  const inserted = await db
    .insert(metricSnapshots)
    .values({ organizationId, day, metrics: figures })
    .onConflictDoNothing()
    .returning({ day: metricSnapshots.day });
  return inserted.length > 0;
}

export interface StoredSnapshot {
  day: string;
  metrics: unknown;
}

/** The snapshots within `toleranceDays` either side of `day`, nearest first (the earlier on a tie). */
export async function snapshotsNear(
  db: Database,
  organizationId: string,
  day: string,
  toleranceDays: number,
): Promise<StoredSnapshot[]> {
  const target = sql`${day}::date`;
  return rowsOf<StoredSnapshot>(
    db,
    sql`
      select to_char(day, 'YYYY-MM-DD') as day, metrics from metric_snapshots
      where organization_id = ${organizationId}
        and day between ${target} - ${toleranceDays}::int and ${target} + ${toleranceDays}::int
      order by abs(day - ${target}), day
    `,
  );
}
