import {
  DEAL_TYPES,
  type TCompany,
  type TCreateDealInput,
  type TDealSourceType,
  type TDealStage,
  type TDealType,
  type TFinancialMetrics,
  ZCreateDealRequest,
  ZDealSourceType,
  ZDealStage,
} from '@atempo/contracts';
import { z } from 'zod';
import { parseAmount } from '../../../lib/amount.ts';

/**
 * The create-deal form as typed. Fields carry the request's names, so an issue the contract's
 * schema finds in the request lands on the field that caused it.
 */
export interface CreateDealFormValues {
  company_name: string;
  amount_requested: string;
  stage: TDealStage;
  source_type: TDealSourceType | '';
  source_name: string;
  sector: string;
  geography: string;
  deal_type: TDealType | '';
  description: string;
}

/** The amount is missing: the submit button says so by staying disabled, the field shows no error. */
export const AMOUNT_MISSING = 'Enter an amount';

/** A typed amount read by parseAmount (so '2.5m' is 2,500,000); a deal asks for more than nothing. */
const amountText = z.string().transform((text, context) => {
  const parsed = parseAmount(text);
  const problem = !parsed.ok
    ? parsed.error
    : parsed.value === null
      ? AMOUNT_MISSING
      : parsed.value <= 0
        ? 'The amount must be more than 0'
        : undefined;
  if (problem || !parsed.ok || parsed.value === null) {
    context.addIssue({ code: 'custom', message: problem ?? AMOUNT_MISSING });
    return z.NEVER;
  }
  return parsed.value;
});

/** Blank text is left out of the request. */
const optionalText = z.string().transform((text) => text.trim() || undefined);

/**
 * The form's schema: the typed values read into a create request, which the contract's own schema
 * (ZCreateDealRequest) then checks, lengths and all. A deal for a known company sends its id and
 * its financial facts; otherwise the typed company name is required.
 */
export function createDealSchema(company?: TCompany) {
  return z
    .object({
      company_name: company
        ? z.string().transform(() => undefined)
        : z.string().trim().min(1, 'Enter the company name'),
      amount_requested: amountText,
      stage: ZDealStage,
      source_type: z.union([ZDealSourceType, z.literal('')]).transform((value) => value || undefined),
      source_name: optionalText,
      sector: optionalText,
      geography: optionalText,
      deal_type: z.union([z.enum(DEAL_TYPES), z.literal('')]).transform((value) => value || undefined),
      description: optionalText,
    })
    .transform(
      (values): TCreateDealInput =>
        stripUndefined({
          ...values,
          ...(company ? { company_id: company.id, financial_metrics: companyFinancialMetrics(company) } : {}),
        }),
    )
    .pipe(ZCreateDealRequest);
}

/** What the form submits: the request as the contract reads it. */
export type CreateDealRequest = z.output<ReturnType<typeof createDealSchema>>;

/** The values a form starts from: a company's sector and country when the deal is for one. */
export function initialCreateDealValues(company?: TCompany): CreateDealFormValues {
  return {
    company_name: '',
    amount_requested: '',
    stage: 'lead',
    source_type: company ? '' : 'direct',
    source_name: '',
    sector: company?.industry ?? '',
    geography: company?.headquarters_country ?? '',
    deal_type: company ? 'venture_debt' : '',
    description: '',
  };
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

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
