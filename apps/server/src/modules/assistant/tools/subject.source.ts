import type { TDealStage } from '@atempo/contracts';
import { isoOf } from '../../../platform/sql-rows.ts';
import { companyNameAndUpdate, companyNamesByIds, findCompaniesByFuzzyName } from '../../companies/index.ts';
import { type DealHeadline, dealHeadline, dealHeadlinesOfCompanies } from '../../deals/index.ts';
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

/** Deals with their company's name (read from the companies module in one batch); a deal whose company is gone is dropped. */
async function withCompanyNames(context: ToolContext, deals: DealHeadline[]): Promise<SubjectDeal[]> {
  if (deals.length === 0) return [];
  const names = new Map(
    (
      await companyNamesByIds(
        context.db,
        context.organizationId,
        deals.map((deal) => deal.company_id),
      )
    ).map((company) => [company.id, company.name]),
  );
  return deals.flatMap((deal) => {
    const companyName = names.get(deal.company_id);
    return companyName === undefined
      ? []
      : [
          {
            id: deal.id,
            deal_number: deal.deal_number,
            company_id: deal.company_id,
            company_name: companyName,
            stage: deal.stage,
            updated_at: isoOf(deal.updated_at),
          },
        ];
  });
}

export async function findDeal(context: ToolContext, dealId: string): Promise<SubjectDeal | null> {
  const deal = await dealHeadline(context.db, context.organizationId, dealId);
  const [named] = deal ? await withCompanyNames(context, [deal]) : [];
  return named ?? null;
}

export async function findCompany(context: ToolContext, companyId: string): Promise<SubjectCompany | null> {
  const row = await companyNameAndUpdate(context.db, context.organizationId, companyId);
  return row ? { ...row, updated_at: isoOf(row.updated_at) } : null;
}

/**
 * The deals of these companies, the one a person most likely means first: open deals before
 * closed or rejected ones, then the most recently updated; the companies' order breaks ties.
 */
export async function dealsOfCompanies(context: ToolContext, companyIds: string[]): Promise<SubjectDeal[]> {
  if (companyIds.length === 0) return [];
  return withCompanyNames(
    context,
    await dealHeadlinesOfCompanies(context.db, context.organizationId, companyIds),
  );
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
