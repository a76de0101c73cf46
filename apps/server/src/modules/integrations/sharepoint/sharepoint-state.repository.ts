import { type Database, driveCursors, ingestionSchedules, sharepointSettings } from '@atempo/db';
import { and, eq, lte, sql } from 'drizzle-orm';

/** The organisation's deal-folder place, the drives' delta links and the ingestion schedule. */

export type SharePointSettingsRow = typeof sharepointSettings.$inferSelect;
export type IngestionScheduleRow = typeof ingestionSchedules.$inferSelect;

export async function findSharePointSettings(
  db: Database,
  organizationId: string,
): Promise<SharePointSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(sharepointSettings)
    .where(eq(sharepointSettings.organizationId, organizationId));
  return row;
}

export async function saveSharePointSettings(
  db: Database,
  values: Omit<typeof sharepointSettings.$inferInsert, 'updatedAt'>,
): Promise<SharePointSettingsRow> {
  const { organizationId, ...rest } = values;
  const [row] = await db
    .insert(sharepointSettings)
    .values(values)
    .onConflictDoUpdate({
      target: sharepointSettings.organizationId,
      set: { ...rest, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function findDeltaLink(
  db: Database,
  organizationId: string,
  driveId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ deltaLink: driveCursors.deltaLink })
    .from(driveCursors)
    .where(and(eq(driveCursors.organizationId, organizationId), eq(driveCursors.driveId, driveId)));
  return row?.deltaLink ?? null;
}

export async function saveDeltaLink(
  db: Database,
  organizationId: string,
  driveId: string,
  deltaLink: string,
): Promise<void> {
  await db
    .insert(driveCursors)
    .values({ organizationId, driveId, deltaLink })
    .onConflictDoUpdate({
      target: [driveCursors.organizationId, driveCursors.driveId],
      set: { deltaLink, updatedAt: new Date() },
    });
}

export async function forgetDeltaLink(db: Database, organizationId: string, driveId: string): Promise<void> {
  await db
    .delete(driveCursors)
    .where(and(eq(driveCursors.organizationId, organizationId), eq(driveCursors.driveId, driveId)));
}

export async function findSchedule(
  db: Database,
  organizationId: string,
): Promise<IngestionScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(ingestionSchedules)
    .where(eq(ingestionSchedules.organizationId, organizationId));
  return row;
}

export async function saveSchedule(
  db: Database,
  organizationId: string,
  values: Partial<Omit<IngestionScheduleRow, 'organizationId' | 'updatedAt'>>,
): Promise<IngestionScheduleRow> {
  const [row] = await db
    .insert(ingestionSchedules)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({
      target: ingestionSchedules.organizationId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/**
 * Claims the schedules due now, moving each one's next run forward in the same statement: two
 * workers checking together start each run once.
 */
export async function claimDueSchedules(
  db: Database,
  now: Date,
): Promise<{ organizationId: string; startedBy: string | null }[]> {
  return db
    .update(ingestionSchedules)
    .set({
      lastRunAt: now,
      nextRunAt: sql`${now.toISOString()}::timestamptz + make_interval(hours => ${ingestionSchedules.intervalHours})`,
      updatedAt: now,
    })
    .where(and(eq(ingestionSchedules.isRunning, true), lte(ingestionSchedules.nextRunAt, now)))
    .returning({
      organizationId: ingestionSchedules.organizationId,
      startedBy: ingestionSchedules.startedBy,
    });
}
