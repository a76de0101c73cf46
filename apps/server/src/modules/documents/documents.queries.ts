import type { TDocumentAnalysis, TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import { type Database, documents } from '@atempo/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/** Read functions other modules use through the door: small projections, batched by ids. */

/** A document as a company's interaction list shows it (GET /knowledge/company/{id}/interactions). */
export interface CompanyDocumentItem {
  id: string;
  title: string;
  preview: string;
  occurred_at: string | Date;
  /** occurred_at in microseconds since the epoch, for merging with other lists in PostgreSQL's order. */
  occurred_us: string;
  author: string | null;
  deal_id: string | null;
  document_type: string | null;
  url: string;
}

/**
 * The newest `limit` documents of a company: its own and those of its deals (`dealIds`), newest
 * first (ties by id), with how many there are in all.
 */
export async function newestDocumentsOfCompany(
  db: Database,
  organizationId: string,
  companyId: string,
  dealIds: readonly string[],
  limit: number,
): Promise<{ items: CompanyDocumentItem[]; total: number }> {
  const rows = await rowsOf<CompanyDocumentItem & { total: number | string }>(
    db,
    sql`select d.id, d.name as title, coalesce(d.analysis ->> 'content_summary', '') as preview,
        d.created_at as occurred_at, (floor(extract(epoch from d.created_at) * 1000000))::bigint::text as occurred_us,
        d.created_by as author, d.deal_id, d.document_type,
        '/api/v1/documents/' || d.id || '/download' as url, count(*) over () as total
      from documents d
      where d.organization_id = ${organizationId}
        and (d.company_id = ${companyId} or d.deal_id = any(${sql.param([...dealIds])}::uuid[]))
      order by d.created_at desc, d.id
      limit ${limit}`,
  );
  return {
    items: rows.map(({ total: _total, ...row }) => row),
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}

/** The ids of the organisation's documents whose processing completed. */
export async function completedDocumentIds(db: Database, organizationId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from documents where organization_id = ${organizationId} and status = 'completed'`,
  );
  return rows.map((row) => row.id);
}

/** A deal and its company, as the automations name the documents they read. */
export interface DealAndCompany {
  id: string;
  company: { id: string };
}

/** A deal's document as the automations read it. */
export interface DealDocument {
  id: string;
  name: string;
  status: string;
  error: string | null;
  documentType: string | null;
  format: string;
  /** The analysis as stored (without the fields the row holds itself). */
  analysis: Partial<TDocumentAnalysis> | null;
  createdAt: Date;
  processedAt: Date | null;
}

const documentColumns = {
  id: documents.id,
  name: documents.name,
  status: documents.status,
  error: documents.error,
  documentType: documents.documentType,
  format: documents.format,
  analysis: documents.analysis,
  createdAt: documents.createdAt,
  processedAt: documents.processedAt,
};

/** A deal's documents, newest first (the deal's own, or its company's when filed against the company). */
export async function listDealDocuments(
  db: Database,
  organizationId: string,
  deal: DealAndCompany,
): Promise<DealDocument[]> {
  const rows = await db
    .select(documentColumns)
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        sql`(${documents.dealId} = ${deal.id} or (${documents.dealId} is null and ${documents.companyId} = ${deal.company.id}))`,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(500);
  return rows as DealDocument[];
}

/** The newest of a deal's documents with this file name (case and surrounding spaces ignored). */
export async function findDealDocumentByName(
  db: Database,
  organizationId: string,
  deal: DealAndCompany,
  fileName: string,
): Promise<DealDocument | undefined> {
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        sql`(${documents.dealId} = ${deal.id} or (${documents.dealId} is null and ${documents.companyId} = ${deal.company.id}))`,
        sql`lower(${documents.name}) = lower(${fileName.trim()})`,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  return row as DealDocument | undefined;
}

/** A deal's documents, newest first, as a deal's details list them. */
export async function documentsOfDealNewestFirst(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<{ id: string; name: string; document_type: string | null; created_at: string | Date }[]> {
  return rowsOf(
    db,
    sql`select doc.id, doc.name, doc.document_type, doc.created_at
      from documents doc where doc.deal_id = ${dealId} and doc.organization_id = ${organizationId}
      order by doc.created_at desc`,
  );
}

export interface AnalysedDocumentRow {
  id: string;
  name: string;
  created_at: string | Date;
  key_metrics: Partial<Record<TKeyMetricName, TKeyMetric>> | null;
  /** The analysis found the document to be about another company than its deal's (decision 044). */
  about_other_company: boolean;
}

/**
 * The analysed documents of these deals and of a company, newest first, with the key metrics the
 * analyst found. `companyDocuments` says which of the company's documents count: all of them, or
 * only those filed on the company alone (no deal).
 */
export async function analysedDocumentsWithKeyMetrics(
  db: Database,
  organizationId: string,
  about: { dealIds: readonly string[]; companyId: string; companyDocuments: 'all' | 'without-deal' },
): Promise<AnalysedDocumentRow[]> {
  const ofCompany =
    about.companyDocuments === 'all'
      ? sql`doc.company_id = ${about.companyId}`
      : sql`(doc.company_id = ${about.companyId} and doc.deal_id is null)`;
  const ofDeals =
    about.dealIds.length === 0
      ? sql`false`
      : sql`doc.deal_id in (${sql.join(
          about.dealIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  return rowsOf<AnalysedDocumentRow>(
    db,
    sql`select doc.id, doc.name, doc.created_at, doc.analysis -> 'key_metrics' as key_metrics,
        coalesce(jsonb_typeof(doc.analysis -> 'other_company') = 'object', false) as about_other_company
      from documents doc
      where doc.organization_id = ${organizationId} and doc.status = 'completed' and (${ofDeals} or ${ofCompany})
      order by doc.created_at desc, doc.id`,
  );
}

export interface DocumentFlagRow {
  document_id: string;
  document_name: string;
  created_at: string | Date;
  text: string;
  location: string | null;
  excerpt: string | null;
}

/** The analyst's risk flags of a deal's analysed documents, each with the place it was read. */
export async function riskFlagsOfDealDocuments(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<DocumentFlagRow[]> {
  return rowsOf<DocumentFlagRow>(
    db,
    sql`select doc.id as document_id, doc.name as document_name, doc.created_at, flag ->> 'text' as text,
        flag -> 'source' ->> 'label' as location, flag -> 'source' ->> 'excerpt' as excerpt
      from documents doc
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(doc.analysis -> 'risk_flag_details') = 'array'
          then doc.analysis -> 'risk_flag_details' else '[]'::jsonb end) flag
      where doc.deal_id = ${dealId} and doc.organization_id = ${organizationId} and doc.status = 'completed'
      order by doc.created_at desc, doc.id`,
  );
}
