import type { TDealStage } from '@atempo/contracts';
import { sql } from 'drizzle-orm';
import { isoOf, rowsOf } from '../../../platform/sql-rows.ts';
import { findCompaniesByFuzzyName } from '../../companies/index.ts';
import type { ToolContext } from './tool.ts';

/**
 * The deal or company a question is about, named by id or by the company's name. Every lookup is
 * scoped to the caller's organisation: another organisation's id is simply not found.
 */

export interface SubjectCompany {
  id: string;
  name: string;
  updated_at: string;
}

export interface SubjectDeal {
  id: string;
  deal_number: number;
  company_id: string;
  company_name: string;
  stage: TDealStage;
  updated_at: string;
}

export interface Subject {
  kind: 'deal' | 'company';
  company: SubjectCompany;
  /** The deal named by id; null when the question named a company. */
  deal: SubjectDeal | null;
  /** Other companies the name matched, best first. */
  otherMatches: { id: string; name: string; score: number }[];
}

export interface SubjectInput {
  deal_id?: string;
  company_id?: string;
  company_name?: string;
}

type DealRow = Omit<SubjectDeal, 'updated_at'> & { updated_at: string | Date };

const toDeal = (row: DealRow): SubjectDeal => ({ ...row, updated_at: isoOf(row.updated_at) });

export async function findDeal(context: ToolContext, dealId: string): Promise<SubjectDeal | null> {
  const [row] = await rowsOf<DealRow>(
    context.db,
    sql`select d.id, d.deal_number, d.company_id, co.name as company_name, d.stage, d.updated_at
      from deals d join companies co on co.id = d.company_id
      where d.id = ${dealId} and d.organization_id = ${context.organizationId}`,
  );
  return row ? toDeal(row) : null;
}

export async function findCompany(context: ToolContext, companyId: string): Promise<SubjectCompany | null> {
  const [row] = await rowsOf<{ id: string; name: string; updated_at: string | Date }>(
    context.db,
    sql`select id, name, updated_at from companies
      where id = ${companyId} and organization_id = ${context.organizationId}`,
  );
  return row ? { ...row, updated_at: isoOf(row.updated_at) } : null;
}

/**
 * The deals of these companies, the one a person most likely means first: open deals before
 * closed or rejected ones, then the most recently updated; the companies' order breaks ties.
 */
export async function dealsOfCompanies(context: ToolContext, companyIds: string[]): Promise<SubjectDeal[]> {
  if (companyIds.length === 0) return [];
  const rows = await rowsOf<DealRow & { rank: number }>(
    context.db,
    sql`select d.id, d.deal_number, d.company_id, co.name as company_name, d.stage, d.updated_at
      from deals d join companies co on co.id = d.company_id
      where d.organization_id = ${context.organizationId}
        and d.company_id in (${sql.join(
          companyIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      order by array_position(${`{${companyIds.join(',')}}`}::uuid[], d.company_id),
        (d.stage in ('closed', 'rejected')), d.updated_at desc, d.deal_number desc`,
  );
  return rows.map(toDeal);
}

/** The subject the input names, or null when nothing of the organisation matches (never a guess). */
export async function resolveSubject(context: ToolContext, input: SubjectInput): Promise<Subject | null> {
  if (input.deal_id) {
    const deal = await findDeal(context, input.deal_id);
    if (!deal) return null;
    const company = await findCompany(context, deal.company_id);
    return company ? { kind: 'deal', company, deal, otherMatches: [] } : null;
  }
  if (input.company_id) {
    const company = await findCompany(context, input.company_id);
    return company ? { kind: 'company', company, deal: null, otherMatches: [] } : null;
  }
  if (!input.company_name) return null;
  const [best, ...others] = await findCompaniesByFuzzyName(
    context.db,
    context.organizationId,
    input.company_name,
  );
  if (!best) return null;
  const company = await findCompany(context, best.id);
  return company ? { kind: 'company', company, deal: null, otherMatches: others } : null;
}
