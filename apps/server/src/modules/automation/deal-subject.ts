import type { TFinancialMetrics } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { companyFinancials } from '../companies/index.ts';
import { dealForAutomation } from '../deals/index.ts';

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
  const deal = await dealForAutomation(db, organizationId, dealId);
  const company = deal && (await companyFinancials(db, organizationId, deal.companyId));
  if (!deal || !company) return undefined;
  const row = {
    ...deal,
    companyId: company.id,
    companyName: company.name,
    companyMetrics: company.financialMetrics,
    companyRevenue: company.revenue,
    companyGrowth: company.revenueGrowth,
  };
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
