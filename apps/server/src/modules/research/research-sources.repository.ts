import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { anyTerm, SEARCH_CANDIDATES } from '../companies/index.ts';

/**
 * What the research engine reads in joins: analysed documents, market signals and comparable deals
 * of one organisation. Every query is scoped to `organizationId`. The candidate searches filter by
 * the terms over a row and its company in one statement under the candidate limit (read-only
 * joins, listed in scripts/table-owners.mjs); companies and funding rounds on their own, a deal and
 * documents by ids come through their owners' doors (companies, funding-news, research-deal.ts,
 * documents).
 */

export interface SignalSourceRow {
  id: string;
  signal_type: string;
  company_name: string;
  company_id: string | null;
  title: string;
  description: string | null;
  relevance_score: number;
  impact_level: string;
  recommended_actions: string[];
  detected_at: string | Date;
  /** When what it reports happened: the round's date, else the rule's, else when it was detected. */
  occurred_at: string | Date;
  /** From the round the signal reports (a competitor's round is about the competitor), else from its company. */
  country: string | null;
  region: string | null;
  stage: string | null;
  sector: string | null;
  amount_eur: number | string | null;
}

const SIGNAL_SELECT = sql`select ms.id, ms.signal_type, ms.company_name, ms.company_id, ms.title, ms.description,
    ms.relevance_score, ms.impact_level, ms.recommended_actions, ms.detected_at,
    coalesce(fa.announced_at, (ms.data ->> 'occurred_at')::timestamptz, ms.detected_at) as occurred_at,
    coalesce(fa.country, co.headquarters_country) as country, fa.region,
    coalesce(fa.stage, co.stage) as stage, coalesce(fa.sector, co.industry) as sector, fa.amount_eur
  from market_signals ms
  left join companies co on co.id = ms.company_id and co.organization_id = ms.organization_id
  left join funding_announcements fa on fa.id = ms.announcement_id and fa.organization_id = ms.organization_id`;

/** A time window in SQL over a date expression (all rows without one). */
function windowOver(column: SQL, window: TimeWindow | null | undefined): SQL {
  if (!window) return sql`true`;
  const to = window.to ? sql` and ${column} < ${window.to}::timestamptz` : sql``;
  return sql`(${column} >= ${window.from}::timestamptz${to})`;
}

export interface TimeWindow {
  from: string;
  to: string | null;
}

export async function searchSignals(
  db: Database,
  organizationId: string,
  terms: string[],
  window: TimeWindow | null = null,
): Promise<SignalSourceRow[]> {
  return rowsOf<SignalSourceRow>(
    db,
    sql`${SIGNAL_SELECT}
      where ms.organization_id = ${organizationId}
        and ${windowOver(sql`coalesce(fa.announced_at, (ms.data ->> 'occurred_at')::timestamptz, ms.detected_at)`, window)}
        and ${anyTerm(terms, [sql`ms.company_name`, sql`ms.title`, sql`ms.description`, sql`co.industry`, sql`fa.sector`])}
      order by ms.detected_at desc, ms.id
      limit ${SEARCH_CANDIDATES}`,
  );
}

export async function signalsOfCompany(
  db: Database,
  organizationId: string,
  company: { id: string | null; name: string },
  limit: number,
): Promise<SignalSourceRow[]> {
  const linked = company.id ? sql`ms.company_id = ${company.id} or` : sql``;
  return rowsOf<SignalSourceRow>(
    db,
    sql`${SIGNAL_SELECT}
      where ms.organization_id = ${organizationId}
        and (${linked} lower(ms.company_name) = lower(${company.name}))
      order by ms.detected_at desc, ms.id
      limit ${limit}`,
  );
}

export interface DocumentSourceRow {
  id: string;
  name: string;
  document_type: string | null;
  summary: string | null;
  created_at: string | Date;
  company_id: string | null;
  company_name: string | null;
  country: string | null;
  stage: string | null;
  sector: string | null;
}

const DOCUMENT_SELECT = sql`select doc.id, doc.name, doc.document_type, doc.analysis ->> 'content_summary' as summary,
    doc.created_at, co.id as company_id, co.name as company_name, co.headquarters_country as country,
    co.stage, co.industry as sector
  from documents doc
  left join deals d on d.id = doc.deal_id and d.organization_id = doc.organization_id
  left join companies co on co.id = coalesce(doc.company_id, d.company_id) and co.organization_id = doc.organization_id`;

export async function searchDocuments(
  db: Database,
  organizationId: string,
  terms: string[],
  window: TimeWindow | null = null,
): Promise<DocumentSourceRow[]> {
  return rowsOf<DocumentSourceRow>(
    db,
    sql`${DOCUMENT_SELECT}
      where doc.organization_id = ${organizationId} and doc.status = 'completed'
        and ${windowOver(sql`doc.created_at`, window)}
        and ${anyTerm(terms, [sql`doc.name`, sql`doc.analysis ->> 'content_summary'`, sql`co.name`, sql`co.industry`])}
      order by doc.created_at desc, doc.id
      limit ${SEARCH_CANDIDATES}`,
  );
}

export async function documentsOfCompany(
  db: Database,
  organizationId: string,
  companyId: string,
  limit: number,
): Promise<DocumentSourceRow[]> {
  return rowsOf<DocumentSourceRow>(
    db,
    sql`${DOCUMENT_SELECT}
      where doc.organization_id = ${organizationId} and doc.status = 'completed' and co.id = ${companyId}
      order by doc.created_at desc, doc.id
      limit ${limit}`,
  );
}

export interface DealSourceRow {
  id: string;
  deal_number: number;
  company_id: string;
  company_name: string;
  sector: string | null;
  geography: string | null;
  stage: string;
  company_stage: string | null;
  amount_requested: number | string;
  thematic_score: number | null;
  updated_at: string | Date;
}

/** Deals in the same sector as the subject (its own deals left out), best scored first. */
export async function comparableDeals(
  db: Database,
  organizationId: string,
  sector: string,
  excludeCompanyId: string | null,
  limit: number,
): Promise<DealSourceRow[]> {
  const exclude = excludeCompanyId ? sql`and d.company_id <> ${excludeCompanyId}` : sql``;
  return rowsOf<DealSourceRow>(
    db,
    sql`select d.id, d.deal_number, d.company_id, co.name as company_name, d.sector, d.geography, d.stage,
        co.stage as company_stage, d.amount_requested, d.thematic_score, d.updated_at
      from deals d join companies co on co.id = d.company_id
      where d.organization_id = ${organizationId}
        and lower(coalesce(d.sector, co.industry, '')) = lower(${sector}) ${exclude}
      order by d.thematic_score desc nulls last, d.deal_number
      limit ${limit}`,
  );
}
