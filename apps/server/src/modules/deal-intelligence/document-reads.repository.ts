import { companies, type Database, deals, documents, users } from '@atempo/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DocumentListRow } from '../documents/document-projection.ts';

/** A documents row as the projection reads it, with the company's and uploader's names. */
const columns = {
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
  createdByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  modifiedAt: documents.modifiedAt,
  processedAt: documents.processedAt,
  documentType: documents.documentType,
  pageCount: documents.pageCount,
  analysis: documents.analysis,
};

const select = (db: Database) =>
  db
    .select(columns)
    .from(documents)
    .leftJoin(companies, eq(companies.id, documents.companyId))
    .leftJoin(users, eq(users.id, documents.createdBy));

/** One document of the organisation (another organisation's id reads as absent). */
export async function findDocument(
  db: Database,
  organizationId: string,
  id: string,
): Promise<DocumentListRow | undefined> {
  const [row] = await select(db).where(
    and(eq(documents.organizationId, organizationId), eq(documents.id, id)),
  );
  return row;
}

/** At most this many documents feed one deal's intelligence (newest first). */
export const DEAL_DOCUMENTS_LIMIT = 500;

/** A deal's documents, newest upload first, each with its whole analysis. */
export async function documentsOfDeal(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<DocumentListRow[]> {
  return select(db)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.dealId, dealId)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(DEAL_DOCUMENTS_LIMIT);
}

/** The deal's company (id and name) when the deal is the organisation's. */
export async function dealCompany(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<{ companyId: string; companyName: string } | undefined> {
  const [row] = await db
    .select({ companyId: deals.companyId, companyName: companies.name })
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(and(eq(deals.organizationId, organizationId), eq(deals.id, dealId)));
  return row;
}
