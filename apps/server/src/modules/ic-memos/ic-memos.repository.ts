import { type Database, icMemos } from '@atempo/db';
import { and, count, desc, eq, max } from 'drizzle-orm';
import { companyIdOfDeal, lockDeal } from '../deals/index.ts';
import { userNamesByIds } from '../users/index.ts';

export type IcMemoRow = typeof icMemos.$inferSelect & { createdByName: string | null };
type NewIcMemo = Omit<typeof icMemos.$inferInsert, 'id' | 'version' | 'createdAt'>;

/** The authors' names as the memo shows them ("First Last"), null for a user since removed. */
async function authorNames(db: Database, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const names = await userNamesByIds(
    db,
    ids.flatMap((id) => (id ? [id] : [])),
  );
  return new Map([...names].map(([id, name]) => [id, `${name.firstName} ${name.lastName}`]));
}

/**
 * Stores a memo as the deal's next version. The deal row is locked for the transaction, so two
 * generations of the same deal take turns and never compute the same version number; `write`
 * receives the number (the markdown names its version) and answers the row's values.
 */
export async function insertNextVersion(
  db: Database,
  organizationId: string,
  dealId: string,
  write: (version: number, createdAt: Date) => NewIcMemo,
): Promise<IcMemoRow | null> {
  return db.transaction(async (tx) => {
    if (!(await lockDeal(tx, organizationId, dealId))) return null;
    const [latest] = await tx
      .select({ version: max(icMemos.version) })
      .from(icMemos)
      .where(eq(icMemos.dealId, dealId));
    const version = (latest?.version ?? 0) + 1;
    const createdAt = new Date();
    const [row] = await tx
      .insert(icMemos)
      .values({ ...write(version, createdAt), version, createdAt })
      .returning();
    if (!row) return null;
    const authors = await authorNames(tx, [row.createdBy]);
    return { ...row, createdByName: (row.createdBy && authors.get(row.createdBy)) ?? null };
  });
}

export async function findIcMemo(
  db: Database,
  organizationId: string,
  id: string,
): Promise<IcMemoRow | null> {
  const [row] = await db
    .select()
    .from(icMemos)
    .where(and(eq(icMemos.id, id), eq(icMemos.organizationId, organizationId)));
  if (!row) return null;
  const authors = await authorNames(db, [row.createdBy]);
  return { ...row, createdByName: (row.createdBy && authors.get(row.createdBy)) ?? null };
}

export interface IcMemoVersionRow {
  id: string;
  version: number;
  createdAt: Date;
  createdBy: string | null;
  createdByName: string | null;
  metadata: unknown;
}

export interface Page {
  limit: number;
  offset: number;
}

/** A page of a deal's memos, newest version first, without their bodies, and how many there are. */
export async function listIcMemoVersions(
  db: Database,
  organizationId: string,
  dealId: string,
  page: Page,
): Promise<{ rows: IcMemoVersionRow[]; total: number }> {
  const ofDeal = and(eq(icMemos.dealId, dealId), eq(icMemos.organizationId, organizationId));
  const [memos, [counted]] = await Promise.all([
    db
      .select({
        id: icMemos.id,
        version: icMemos.version,
        createdAt: icMemos.createdAt,
        createdBy: icMemos.createdBy,
        metadata: icMemos.metadata,
      })
      .from(icMemos)
      .where(ofDeal)
      .orderBy(desc(icMemos.version))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(icMemos).where(ofDeal),
  ]);
  const authors = await authorNames(
    db,
    memos.map((memo) => memo.createdBy),
  );
  const rows = memos.map(({ metadata, ...memo }) => ({
    ...memo,
    createdByName: (memo.createdBy && authors.get(memo.createdBy)) ?? null,
    metadata,
  }));
  return { rows, total: counted?.total ?? 0 };
}

export async function dealExists(db: Database, organizationId: string, dealId: string): Promise<boolean> {
  return (await companyIdOfDeal(db, organizationId, dealId)) !== undefined;
}
