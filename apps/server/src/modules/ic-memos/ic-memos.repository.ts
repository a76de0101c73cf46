import { type Database, deals, icMemos, users } from '@atempo/db';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';

export type IcMemoRow = typeof icMemos.$inferSelect & { createdByName: string | null };
type NewIcMemo = Omit<typeof icMemos.$inferInsert, 'id' | 'version' | 'createdAt'>;

const authorName = sql<
  string | null
>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`;

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
    const [deal] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
      .for('update');
    if (!deal) return null;
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
    const [author] = row.createdBy
      ? await tx.select({ name: authorName }).from(users).where(eq(users.id, row.createdBy))
      : [];
    return { ...row, createdByName: author?.name ?? null };
  });
}

export async function findIcMemo(
  db: Database,
  organizationId: string,
  id: string,
): Promise<IcMemoRow | null> {
  const [row] = await db
    .select({ memo: icMemos, createdByName: authorName })
    .from(icMemos)
    .leftJoin(users, eq(users.id, icMemos.createdBy))
    .where(and(eq(icMemos.id, id), eq(icMemos.organizationId, organizationId)));
  return row ? { ...row.memo, createdByName: row.createdByName } : null;
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
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: icMemos.id,
        version: icMemos.version,
        createdAt: icMemos.createdAt,
        createdBy: icMemos.createdBy,
        createdByName: authorName,
        metadata: icMemos.metadata,
      })
      .from(icMemos)
      .leftJoin(users, eq(users.id, icMemos.createdBy))
      .where(ofDeal)
      .orderBy(desc(icMemos.version))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(icMemos).where(ofDeal),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function dealExists(db: Database, organizationId: string, dealId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)));
  return Boolean(row);
}
