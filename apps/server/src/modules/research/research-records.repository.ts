import { type Database, researchRecords } from '@atempo/db';
import { and, desc, eq } from 'drizzle-orm';

export type ResearchRecordRow = typeof researchRecords.$inferSelect;

export async function insertResearchRecord(
  db: Database,
  values: typeof researchRecords.$inferInsert,
): Promise<ResearchRecordRow> {
  const [row] = await db.insert(researchRecords).values(values).returning();
  return row!;
}

export async function findResearchRecord(
  db: Database,
  organizationId: string,
  id: string,
): Promise<ResearchRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(researchRecords)
    .where(and(eq(researchRecords.organizationId, organizationId), eq(researchRecords.id, id)));
  return row;
}

export async function latestResearchOfDeal(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<ResearchRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(researchRecords)
    .where(and(eq(researchRecords.organizationId, organizationId), eq(researchRecords.dealId, dealId)))
    .orderBy(desc(researchRecords.createdAt), desc(researchRecords.id))
    .limit(1);
  return row;
}

export async function updateResearchRecord(
  db: Database,
  id: string,
  values: Partial<Pick<ResearchRecordRow, 'findings' | 'executionId' | 'companyId'>>,
): Promise<void> {
  await db.update(researchRecords).set(values).where(eq(researchRecords.id, id));
}

export async function deleteResearchRecord(db: Database, id: string): Promise<void> {
  await db.delete(researchRecords).where(eq(researchRecords.id, id));
}
