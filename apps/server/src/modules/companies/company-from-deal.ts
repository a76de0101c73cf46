import type { TCreateCompanyRequest, TCreateDealRequest } from '@atempo/contracts';

/**
 * What a deal tells us about a company we are about to create for it: its sector is the
 * company's industry, its geography the headquarters country, its metrics the company's
 * financial facts (revenue, growth and headcount also in the company's own columns, which the
 * Companies screen and scoring read first). Without this a company created for a deal scores
 * as if nothing were known about it.
 */
export function companyFieldsFromDeal(
  name: string,
  deal: Pick<TCreateDealRequest, 'sector' | 'geography' | 'financial_metrics'>,
): TCreateCompanyRequest {
  const metrics = deal.financial_metrics ?? {};
  const fields: TCreateCompanyRequest = { name };
  if (deal.sector) fields.industry = deal.sector;
  if (deal.geography) fields.headquarters_country = deal.geography;
  if (Object.keys(metrics).length > 0) fields.financial_metrics = metrics;
  if (metrics.revenue != null) fields.revenue = metrics.revenue;
  if (metrics.revenue_growth != null) fields.revenue_growth = metrics.revenue_growth;
  if (metrics.employee_count != null) fields.employee_count = metrics.employee_count;
  if (metrics.last_round_amount != null) fields.last_funding_amount = metrics.last_round_amount;
  return fields;
}
