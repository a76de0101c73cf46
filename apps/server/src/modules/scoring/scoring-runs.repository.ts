import { type Database, scoringRuns } from '@atempo/db';
import { and, eq } from 'drizzle-orm';

export type ScoringRunRow = typeof scoringRuns.$inferSelect;

export async function insertRun(
  db: Database,
  run: { id: string; organizationId: string; totalCompanies: number; totalDeals: number },
): Promise<void> {
  await db.insert(scoringRuns).values(run);
}

export async function findRun(
  db: Database,
  organizationId: string,
  id: string,
): Promise<ScoringRunRow | undefined> {
  const [row] = await db
    .select()
    .from(scoringRuns)
    .where(and(eq(scoringRuns.organizationId, organizationId), eq(scoringRuns.id, id)));
  return row;
}

/** Updates a run by id; a job queued before runs were recorded has none, and this then does nothing. */
export async function updateRun(
  db: Database,
  id: string,
  values: Partial<Omit<ScoringRunRow, 'id' | 'organizationId'>>,
): Promise<void> {
  await db.update(scoringRuns).set(values).where(eq(scoringRuns.id, id));
}
