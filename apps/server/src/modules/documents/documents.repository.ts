import { KEY_METRIC_NAMES } from '@atempo/contracts';
import { companies, type Database, documents, storedFiles, users } from '@atempo/db';
import { and, count, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';

export type DocumentRow = typeof documents.$inferSelect;
type NewDocumentRow = typeof documents.$inferInsert;

/** A document with the names its API shapes show: its company and its uploader. */
export type DocumentWithNames = DocumentRow & { companyName: string | null; createdByName: string | null };

const inOrg = (organizationId: string, id: string) =>
  and(eq(documents.organizationId, organizationId), eq(documents.id, id));

const uploaderName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/**
 * Claims the organisation's stored file for these bytes, creating its row when it is new. The
 * upsert takes the row's lock, so a concurrent delete of the last document using the file either
 * finishes first (and this creates the row again) or waits until this transaction ends.
 */
export async function claimStoredFile(
  db: Database,
  values: { organizationId: string; sha256: string; size: number; storageKey: string },
): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(storedFiles)
    .values(values)
    .onConflictDoUpdate({
      target: [storedFiles.organizationId, storedFiles.sha256],
      set: { size: sql`excluded.size` },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: row!.created };
}

export async function insertDocument(db: Database, values: NewDocumentRow): Promise<void> {
  await db.insert(documents).values(values);
}

export async function findDocument(
  db: Database,
  organizationId: string,
  id: string,
): Promise<DocumentWithNames | undefined> {
  const [row] = await db
    .select({ document: documents, companyName: companies.name, createdByName: uploaderName })
    .from(documents)
    .leftJoin(companies, eq(companies.id, documents.companyId))
    .leftJoin(users, eq(users.id, documents.createdBy))
    .where(inOrg(organizationId, id));
  return row && { ...row.document, companyName: row.companyName, createdByName: row.createdByName };
}

/** Locks the document row (for delete and for finishing its processing). */
export async function lockDocument(
  db: Database,
  organizationId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(inOrg(organizationId, id)).for('update');
  return row;
}

export async function deleteDocumentRow(db: Database, organizationId: string, id: string): Promise<void> {
  await db.delete(documents).where(inOrg(organizationId, id));
}

/** Locks the organisation's stored file row, so no upload can claim it while its use is counted. */
export async function lockStoredFile(db: Database, organizationId: string, sha256: string): Promise<void> {
  await db
    .select({ sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), eq(storedFiles.sha256, sha256)))
    .for('update');
}

export async function countDocumentsUsing(
  db: Database,
  organizationId: string,
  sha256: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.sha256, sha256)));
  return row?.n ?? 0;
}

export async function deleteStoredFile(
  db: Database,
  organizationId: string,
  sha256: string,
): Promise<boolean> {
  const deleted = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), eq(storedFiles.sha256, sha256)))
    .returning({ sha256: storedFiles.sha256 });
  return deleted.length > 0;
}

/** Records the outcome of processing, once: only a document still processing changes. */
export async function finishDocument(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<NewDocumentRow> & { status: 'completed' | 'failed' },
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(documents)
    .set({ ...values, modifiedAt: new Date() })
    .where(and(inOrg(organizationId, id), eq(documents.status, 'processing')))
    .returning();
  return row;
}

/** The SQL array of metric names in display order, for cutting the preview in the database. */
const METRIC_ORDER = sql.raw(`array[${KEY_METRIC_NAMES.map((name) => `'${name}'`).join(',')}]::text[]`);

/** What a list shows of an analysis: type, confidence, summary, first 2 metrics, first 2 flags and their count. */
const analysisPreview = sql<Record<
  string,
  unknown
> | null>`case when ${documents.analysis} is null then null else jsonb_build_object(
  'document_type', ${documents.documentType},
  'confidence_score', ${documents.analysis}->'confidence_score',
  'content_summary', ${documents.analysis}->'content_summary',
  'key_metrics', coalesce((
    select jsonb_object_agg(m.key, m.value)
    from (
      select e.key, e.value from jsonb_each(${documents.analysis}->'key_metrics') e
      join unnest(${METRIC_ORDER}) with ordinality as o(name, position) on o.name = e.key
      order by o.position limit 2
    ) m
  ), '{}'::jsonb),
  'risk_flags', coalesce(jsonb_path_query_array(${documents.analysis}->'risk_flags', '$[0 to 1]'), '[]'::jsonb),
  'risk_flag_count', coalesce(jsonb_array_length(${documents.analysis}->'risk_flags'), 0)
) || (
  -- Only on a document that appears to be about another company (issue 18 §4).
  case when jsonb_typeof(${documents.analysis}->'other_company') = 'object'
  then jsonb_build_object('other_company', ${documents.analysis}->'other_company') else '{}'::jsonb end
) end`;

export interface DocumentListRow {
  id: string;
  name: string;
  size: number;
  format: string;
  status: string;
  error: string | null;
  dealId: string | null;
  companyId: string | null;
  companyName: string | null;
  createdAt: Date;
  createdByName: string | null;
  modifiedAt: Date;
  processedAt: Date | null;
  analysisPreview: Record<string, unknown> | null;
}

/** The organisation's newest documents, as the lists show them (no full analysis). */
export async function listRecentDocuments(
  db: Database,
  organizationId: string,
  limit: number,
): Promise<DocumentListRow[]> {
  return db
    .select({
      id: documents.id,
      name: documents.name,
      size: documents.size,
      format: documents.format,
      status: documents.status,
      error: documents.error,
      dealId: documents.dealId,
      companyId: documents.companyId,
      companyName: companies.name,
      createdAt: documents.createdAt,
      createdByName: uploaderName,
      modifiedAt: documents.modifiedAt,
      processedAt: documents.processedAt,
      analysisPreview,
    })
    .from(documents)
    .leftJoin(companies, eq(companies.id, documents.companyId))
    .leftJoin(users, eq(users.id, documents.createdBy))
    .where(eq(documents.organizationId, organizationId))
    .orderBy(desc(documents.createdAt))
    .limit(limit);
}

/** At most this many documents feed one deal's intelligence (newest first). */
export const DEAL_DOCUMENTS_LIMIT = 500;

/** A deal's documents, newest upload first, each whole and with its list preview. */
export async function documentsOfDeal(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<(DocumentWithNames & DocumentListRow)[]> {
  const rows = await db
    .select({
      document: documents,
      companyName: companies.name,
      createdByName: uploaderName,
      analysisPreview,
    })
    .from(documents)
    .leftJoin(companies, eq(companies.id, documents.companyId))
    .leftJoin(users, eq(users.id, documents.createdBy))
    .where(and(eq(documents.organizationId, organizationId), eq(documents.dealId, dealId)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(DEAL_DOCUMENTS_LIMIT);
  return rows.map(({ document, ...names }) => ({ ...document, ...names }));
}

/**
 * The deal's (or, without a deal, the company's) document with these exact bytes, oldest first:
 * the document a second upload of the same file is a duplicate of (one whose analysis failed is not).
 */
export async function findSameFileDocument(
  db: Database,
  organizationId: string,
  where: { dealId: string | null; companyId: string | null },
  sha256: string,
): Promise<DocumentRow | undefined> {
  const owner = where.dealId
    ? eq(documents.dealId, where.dealId)
    : where.companyId
      ? and(isNull(documents.dealId), eq(documents.companyId, where.companyId))
      : undefined;
  if (!owner) return undefined;
  const [row] = await db
    .select()
    .from(documents)
    // A copy whose analysis failed is no reason to refuse the file again: it may read this time.
    .where(
      and(
        eq(documents.organizationId, organizationId),
        eq(documents.sha256, sha256),
        ne(documents.status, 'failed'),
        owner,
      ),
    )
    .orderBy(documents.createdAt, documents.id)
    .limit(1);
  return row;
}

/** The analysed documents of these companies processed since `since`, newest first. */
export async function recentDocumentsOfCompanies(
  db: Database,
  organizationId: string,
  companyIds: readonly string[],
  since: Date,
  limit: number,
): Promise<DocumentRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        eq(documents.status, 'completed'),
        inArray(documents.companyId, [...new Set(companyIds)]),
        gte(documents.processedAt, since),
      ),
    )
    .orderBy(desc(documents.processedAt), documents.id)
    .limit(limit);
}
