import type { TDocumentAnalysis, TFinancialMetrics } from '@atempo/contracts';
import { companies, type Database, deals, documents } from '@atempo/db';
import { and, desc, eq, sql } from 'drizzle-orm';

/** The deal an automation works on, with its company: only within the caller's organisation. */
export interface DealSubject {
  id: string;
  number: number;
  financialMetrics: TFinancialMetrics | null;
  suggestedFacility: { min: number | null; max: number | null } | null;
  company: {
    id: string;
    name: string;
    financialMetrics: TFinancialMetrics | null;
    revenue: number | null;
    revenueGrowth: number | null;
  };
}

export async function findDealSubject(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<DealSubject | undefined> {
  const [row] = await db
    .select({
      id: deals.id,
      number: deals.dealNumber,
      financialMetrics: deals.financialMetrics,
      suggestedFacility: deals.suggestedFacility,
      companyId: companies.id,
      companyName: companies.name,
      companyMetrics: companies.financialMetrics,
      companyRevenue: companies.revenue,
      companyGrowth: companies.revenueGrowth,
    })
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(and(eq(deals.organizationId, organizationId), eq(deals.id, dealId)));
  if (!row) return undefined;
  return {
    id: row.id,
    number: row.number,
    financialMetrics: (row.financialMetrics as TFinancialMetrics | null) ?? null,
    suggestedFacility: (row.suggestedFacility as DealSubject['suggestedFacility']) ?? null,
    company: {
      id: row.companyId,
      name: row.companyName,
      financialMetrics: (row.companyMetrics as TFinancialMetrics | null) ?? null,
      revenue: row.companyRevenue,
      revenueGrowth: row.companyGrowth,
    },
  };
}

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
  deal: Pick<DealSubject, 'id' | 'company'>,
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
  deal: Pick<DealSubject, 'id' | 'company'>,
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
