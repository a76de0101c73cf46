/** Reads of market signals for other modules (the dashboard's figures). */
import { type Database, marketSignals } from '@atempo/db';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';

/** The organisation's high-impact signals detected in the `days` days up to `at`. */
export async function countHighImpactSignals(
  db: Database,
  organizationId: string,
  at: Date,
  days: number,
): Promise<number> {
  const instant = sql`${at.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(marketSignals)
    .where(
      and(
        eq(marketSignals.organizationId, organizationId),
        eq(marketSignals.impactLevel, 'high'),
        sql`${marketSignals.detectedAt} <= ${instant}`,
        sql`${marketSignals.detectedAt} > ${instant} - make_interval(days => ${days})`,
      ),
    );
  return Number(row?.total ?? 0);
}

/** The organisation's signals detected in (start, end], newest first, at most `limit`. */
export async function signalsDetectedBetween(
  db: Database,
  organizationId: string,
  period: { start: Date; end: Date },
  limit: number,
) {
  return db
    .select({
      id: marketSignals.id,
      title: marketSignals.title,
      signalType: marketSignals.signalType,
      impactLevel: marketSignals.impactLevel,
      detectedAt: marketSignals.detectedAt,
      companyName: marketSignals.companyName,
      companyId: marketSignals.companyId,
    })
    .from(marketSignals)
    .where(
      and(
        eq(marketSignals.organizationId, organizationId),
        gt(marketSignals.detectedAt, period.start),
        lte(marketSignals.detectedAt, period.end),
      ),
    )
    .orderBy(desc(marketSignals.detectedAt))
    .limit(limit);
}
