import type {
  TCompany,
  TCreateDealInput,
  TDealSourceType,
  TDealStage,
  TDealType,
  TFinancialMetrics,
} from '@atempo/contracts';
import { parseAmount } from '../../../lib/amount.ts';

/** The create-deal-for-company dialog as typed. */
export interface DealFormValues {
  amount: string;
  stage: TDealStage;
  source_type: TDealSourceType | '';
  source_name: string;
  sector: string;
  geography: string;
  deal_type: TDealType | '';
}

/** The New Deal form's stages: lead through legal_docs (spec 02 §2). */
export const NEW_DEAL_STAGES = [
  'lead',
  'qualified',
  'due_diligence',
  'ic_review',
  'term_sheet',
  'legal_docs',
] as const satisfies readonly TDealStage[];

/** Sector and geography start from the company; the team may change them. */
export function initialDealForm(company: TCompany): DealFormValues {
  return {
    amount: '',
    stage: 'lead',
    source_type: '',
    source_name: '',
    sector: company.industry ?? '',
    geography: company.headquarters_country ?? '',
    deal_type: 'venture_debt',
  };
}

/** The amount as a positive number, or undefined while the dialog cannot be submitted. */
export function dealAmount(values: DealFormValues): number | undefined {
  const amount = parseAmount(values.amount);
  return amount.ok && amount.value !== null && amount.value > 0 ? amount.value : undefined;
}

/** Why the typed amount cannot be used, once something is typed. */
export function dealAmountError(values: DealFormValues): string | undefined {
  const amount = parseAmount(values.amount);
  if (!amount.ok) return amount.error;
  return amount.value === 0 ? 'The amount must be more than 0' : undefined;
}

/**
 * The company's financial facts as the deal's metrics: its detailed metrics, with the headline
 * revenue, headcount and growth on top (they are the company's own fields).
 */
export function companyFinancialMetrics(company: TCompany): TFinancialMetrics {
  const metrics: TFinancialMetrics = {};
  for (const [key, value] of Object.entries(company.financial_metrics ?? {})) {
    if (value !== null && value !== undefined) (metrics as Record<string, unknown>)[key] = value;
  }
  if (company.revenue !== null) metrics.revenue = company.revenue;
  if (company.employee_count !== null) metrics.employee_count = company.employee_count;
  if (company.revenue_growth !== null) metrics.revenue_growth = company.revenue_growth;
  return metrics;
}

export function toCreateDealRequest(company: TCompany, values: DealFormValues): TCreateDealInput {
  const amount = dealAmount(values);
  if (amount === undefined) throw new Error('An amount is required to create a deal');
  const body: TCreateDealInput = {
    company_id: company.id,
    amount_requested: amount,
    stage: values.stage,
    source_type: values.source_type || null,
    source_name: values.source_name.trim() || null,
    sector: values.sector.trim() || null,
    geography: values.geography.trim() || null,
    deal_type: values.deal_type || null,
    financial_metrics: companyFinancialMetrics(company),
  };
  return body;
}
