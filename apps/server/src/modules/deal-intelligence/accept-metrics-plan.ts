import {
  type TAcceptMetricsResult,
  type TFinancialMetrics,
  type TKeyMetric,
  type TKeyMetricName,
  ZFinancialMetrics,
} from '@atempo/contracts';
import { annualRevenueOf, monthlyBurnOf } from '@atempo/scoring';

/**
 * Which extracted metric may be written where, and how (POST /documents/{id}/accept-metrics).
 * Pure: given the document's figures and the records' current values, it answers the changes
 * with their previous values, what it skipped and why, and the notes of any conversion. Nothing
 * is guessed: a figure whose unit, currency or period does not match the field is skipped.
 */

type MetricField = keyof TFinancialMetrics & string;
/** The company's own columns that take precedence over its financial_metrics (companyMetrics). */
export type CompanyColumn = 'revenue' | 'revenue_growth' | 'employee_count' | 'last_funding_amount';

interface Mapping {
  field: MetricField;
  unit: TKeyMetric['unit'];
  /** Where the company keeps it when not in financial_metrics. */
  companyColumn?: CompanyColumn;
}

export const METRIC_FIELDS: Partial<Record<TKeyMetricName, Mapping>> = {
  revenue: { field: 'revenue', unit: 'currency', companyColumn: 'revenue' },
  arr: { field: 'arr', unit: 'currency' },
  revenue_growth: { field: 'revenue_growth', unit: 'fraction', companyColumn: 'revenue_growth' },
  gross_margin: { field: 'gross_margin', unit: 'fraction' },
  net_burn: { field: 'monthly_burn', unit: 'currency' },
  cash: { field: 'cash', unit: 'currency' },
  runway_months: { field: 'runway_months', unit: 'months' },
  monthly_churn: { field: 'monthly_churn', unit: 'fraction' },
  net_revenue_retention: { field: 'net_revenue_retention', unit: 'fraction' },
  cac_payback_months: { field: 'cac_payback_months', unit: 'months' },
  headcount: { field: 'employee_count', unit: 'count', companyColumn: 'employee_count' },
  last_round: { field: 'last_round_amount', unit: 'currency', companyColumn: 'last_funding_amount' },
};

const LABELS: Partial<Record<TKeyMetricName, string>> = {
  mrr: 'MRR (accept ARR instead)',
  ebitda: 'EBITDA',
  net_income: 'net income',
  customers: 'a customer count',
  ltv_cac: 'LTV/CAC',
  valuation: 'a valuation',
  total_debt: 'total debt',
  capital_expenditure: 'capital expenditure',
  operating_cash_flow: 'operating cash flow',
  total_assets: 'total assets',
};

export const ORGANISATION_CURRENCY = 'EUR';

/** The current values a plan compares with; company columns as stored (headline over metrics). */
export interface CurrentValues {
  deal: TFinancialMetrics | null;
  company: { columns: Record<CompanyColumn, number | null>; metrics: TFinancialMetrics } | null;
}

export interface AcceptPlan extends Pick<TAcceptMetricsResult, 'accepted' | 'skipped' | 'changes' | 'notes'> {
  /** The deal's new financial_metrics, when it has changes. */
  dealMetrics: TFinancialMetrics | null;
  /** The company's patch (its columns and financial_metrics), when it has changes. */
  companyPatch: Partial<Record<CompanyColumn, number>> & { financial_metrics?: TFinancialMetrics };
}

/** The value to write for one metric, or why not. */
function valueFor(
  name: TKeyMetricName,
  metric: TKeyMetric,
  mapping: Mapping,
): { value: number; note?: string } | { reason: string } {
  if (metric.unit !== mapping.unit) {
    return {
      reason: `The document gives it as a ${metric.unit}, and ${mapping.field} takes a ${mapping.unit}`,
    };
  }
  if (mapping.unit === 'currency' && metric.currency !== ORGANISATION_CURRENCY) {
    return {
      reason: metric.currency
        ? `Stated in ${metric.currency} with no conversion to ${ORGANISATION_CURRENCY}; enter it by hand`
        : `The document does not say in which currency; enter it by hand`,
    };
  }
  if (name === 'net_burn') {
    const burn = monthlyBurnOf(metric);
    if (burn.value === null) return { reason: burn.step };
    return burn.months === 1 ? { value: burn.value } : { value: burn.value, note: burn.step };
  }
  if (name === 'revenue') {
    // The record's revenue is a year's reported revenue: a quarter's or a month's, annualised, is a run rate.
    const revenue = annualRevenueOf({ ...metric, name });
    if (revenue.value === null) return { reason: revenue.step };
    if (revenue.run_rate)
      return { reason: `${revenue.step}; the revenue field takes a year's reported revenue` };
  }
  return { value: metric.value };
}

export function planAcceptMetrics(
  names: TKeyMetricName[],
  figures: Partial<Record<TKeyMetricName, TKeyMetric>>,
  current: CurrentValues,
): AcceptPlan {
  const plan: AcceptPlan = {
    accepted: [],
    skipped: [],
    changes: [],
    notes: [],
    dealMetrics: null,
    companyPatch: {},
  };
  const dealMetrics: Record<string, unknown> = { ...(current.deal ?? {}) };
  const companyMetrics: Record<string, unknown> = { ...(current.company?.metrics ?? {}) };
  let companyMetricsChanged = false;
  for (const name of [...new Set(names)]) {
    const metric = figures[name];
    const mapping = METRIC_FIELDS[name];
    if (!mapping) {
      plan.skipped.push({ name, reason: `financial_metrics has no field for ${LABELS[name] ?? name}` });
      continue;
    }
    if (!metric) {
      plan.skipped.push({ name, reason: 'Not found in this document' });
      continue;
    }
    // a forecast, target or estimate the document prints is never written as the company's actual
    if (metric.kind === 'projection') {
      plan.skipped.push({
        name,
        reason: `The document gives it as a projection${metric.period ? ` (${metric.period})` : ''}, not an actual`,
      });
      continue;
    }
    const chosen = valueFor(name, metric, mapping);
    if ('reason' in chosen) {
      plan.skipped.push({ name, reason: chosen.reason });
      continue;
    }
    const check = ZFinancialMetrics.safeParse({ [mapping.field]: chosen.value });
    if (!check.success) {
      plan.skipped.push({ name, reason: check.error.issues[0]?.message ?? 'Out of range' });
      continue;
    }
    const { value } = chosen;
    if (chosen.note) plan.notes.push({ name, note: chosen.note });
    let previous: number | null = null;
    if (current.deal) {
      previous = numberOrNull(current.deal[mapping.field]);
      plan.changes.push({
        name,
        target: 'deal',
        field: `financial_metrics.${mapping.field}`,
        previous,
        value,
      });
      dealMetrics[mapping.field] = value;
    }
    if (current.company) {
      const column = mapping.companyColumn;
      const companyPrevious = column
        ? current.company.columns[column]
        : numberOrNull(current.company.metrics[mapping.field]);
      if (!current.deal) previous = companyPrevious;
      plan.changes.push({
        name,
        target: 'company',
        field: column ?? `financial_metrics.${mapping.field}`,
        previous: companyPrevious,
        value,
      });
      if (column) plan.companyPatch[column] = value;
      else {
        companyMetrics[mapping.field] = value;
        companyMetricsChanged = true;
      }
    }
    plan.accepted.push({ name, field: mapping.field, value, previous });
  }
  if (current.deal && plan.accepted.length > 0) plan.dealMetrics = dealMetrics as TFinancialMetrics;
  if (companyMetricsChanged) plan.companyPatch.financial_metrics = companyMetrics as TFinancialMetrics;
  return plan;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
