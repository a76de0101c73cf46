import {
  type TCreateCompanyRequest,
  type TCreateDealRequest,
  ZCreateCompanyRequest,
} from '@atempo/contracts';

/** A headline figure of the deal's metrics, when the company's own field accepts it. */
function headline<K extends keyof TCreateCompanyRequest>(
  field: K,
  value: unknown,
): TCreateCompanyRequest[K] | undefined {
  if (value == null) return undefined;
  const parsed = ZCreateCompanyRequest.shape[field].safeParse(value);
  return parsed.success && parsed.data !== null ? (parsed.data as TCreateCompanyRequest[K]) : undefined;
}

/**
 * What a deal tells us about a company we are about to create for it (through POST /deals or a CSV
 * import): its sector is the company's industry, its geography the headquarters country, its
 * metrics the company's financial facts (revenue, growth, headcount and last round also in the
 * company's own columns, which the Companies screen and scoring read first). Without this a
 * company created for a deal scores as if nothing were known about it.
 */
export function companyFieldsFromDeal(
  name: string,
  deal: Pick<TCreateDealRequest, 'sector' | 'geography' | 'financial_metrics'>,
): TCreateCompanyRequest {
  const metrics = deal.financial_metrics ?? {};
  const company: TCreateCompanyRequest = {
    name,
    industry: deal.sector ?? undefined,
    headquarters_country: deal.geography ?? undefined,
    financial_metrics: Object.keys(metrics).length > 0 ? metrics : undefined,
    revenue: headline('revenue', metrics.revenue),
    revenue_growth: headline('revenue_growth', metrics.revenue_growth),
    employee_count: headline('employee_count', metrics.employee_count),
    last_funding_amount: headline('last_funding_amount', metrics.last_round_amount),
  };
  return Object.fromEntries(
    Object.entries(company).filter(([, value]) => value !== undefined),
  ) as TCreateCompanyRequest;
}
