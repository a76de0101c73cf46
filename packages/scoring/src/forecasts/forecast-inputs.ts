import type { TDocumentAnalysis, TFinancialMetrics, TKeyMetric } from '@atempo/contracts';
import { annualRevenueOf, isRevenueMetric } from '../annual-revenue.ts';
import { monthlyBurnOf } from '../monthly-burn.ts';
import { isKnown } from '../numbers.ts';
import type { ForecastFacility, ForecastFigure, ForecastInputs } from './scenario-forecast.ts';

/**
 * Where a forecast's figures come from, in order of trust: the deal's own financial metrics (what
 * the deal team entered or accepted), then the company's, then the documents' extracted metrics,
 * newest document first. Each figure keeps the place it was read (decision 030).
 */

export interface ForecastDeal {
  number: number;
  financial_metrics: TFinancialMetrics | null;
  /** The scoring engine's suggestion ({min, max, …}), if the deal was scored. */
  suggested_facility: { min: number | null; max: number | null } | null;
}

export interface ForecastCompany {
  name: string;
  financial_metrics: TFinancialMetrics | null;
  revenue: number | null;
  revenue_growth: number | null;
}

export interface ForecastDocument {
  name: string;
  analysis: Pick<TDocumentAnalysis, 'key_metrics' | 'facility_terms'> | null;
}

/**
 * Terms assumed for a proposed facility when no term sheet states them: drawn at once, 12 % a
 * year, 12 months interest only, then repaid over 24 months (a common 36-month growth loan).
 */
export const PROPOSED_FACILITY_TERMS = {
  interest_rate: 0.12,
  drawdown_month: 1,
  interest_only_months: 12,
  amortisation_months: 24,
} as const;

/** Added to a term sheet's margin when it states only "base + margin": a reference rate of 3 %. */
export const ASSUMED_REFERENCE_RATE = 0.03;

const PROPOSAL = 'Assumed for a proposed facility (typical venture-debt terms, not in the data)';

type Candidate = () => ForecastFigure | null;

const first = (candidates: Candidate[]): ForecastFigure | null => {
  for (const candidate of candidates) {
    const found = candidate();
    if (found && isKnown(found.value)) return found;
  }
  return null;
};

function fromMetrics(
  metrics: TFinancialMetrics | null,
  field: keyof TFinancialMetrics,
  label: string,
): Candidate {
  return () => {
    const value = metrics?.[field];
    return typeof value === 'number' ? { value, source: `${label} financial metrics: ${field}` } : null;
  };
}

type KeyMetricName = keyof TDocumentAnalysis['key_metrics'];

/** A document figure as the forecast reads it, with a note on how; null when it cannot be read so. */
type DocumentReading = (metric: TKeyMetric, name: KeyMetricName) => { value: number; note: string } | null;

const asStated: DocumentReading = (metric) => ({ value: metric.value, note: '' });

function fromDocuments(
  documents: readonly ForecastDocument[],
  name: KeyMetricName,
  read: DocumentReading = asStated,
): Candidate {
  return () => {
    for (const document of documents) {
      const metric = document.analysis?.key_metrics?.[name];
      if (!metric || !isKnown(metric.value)) continue;
      const reading = read(metric, name);
      if (!reading) continue;
      const period = metric.period ? ` (${metric.period})` : '';
      return {
        value: reading.value,
        source: `${document.name}, ${metric.source.label}: ${name}${period}${reading.note}`,
      };
    }
    return null;
  };
}

/** A burn as a monthly one (monthlyBurnOf), its arithmetic in the source. */
const monthlyBurn: DocumentReading = (metric) => {
  const burn = monthlyBurnOf(metric);
  return burn.value === null ? null : { value: burn.value, note: `; ${burn.step}` };
};

/**
 * A revenue, ARR or MRR as annual revenue (annualRevenueOf), its reading in the source: either only
 * figures stated for a year, or only run rates annualised from a quarter, a month or MRR.
 */
const revenueAsAnnual =
  (runRates: boolean): DocumentReading =>
  (metric, name) => {
    if (!isRevenueMetric(name)) return null;
    const revenue = annualRevenueOf({ ...metric, name });
    if (revenue.value === null || revenue.run_rate !== runRates) return null;
    return { value: revenue.value, note: `; ${revenue.step}` };
  };

/** The forecast's inputs with their sources; absent ones are left out for the model to name. */
export function gatherForecastInputs(
  deal: ForecastDeal,
  company: ForecastCompany,
  documents: readonly ForecastDocument[],
): ForecastInputs {
  const dealLabel = `Deal #${deal.number}`;
  const companyMetrics = company.financial_metrics;
  const inputs: ForecastInputs = {
    annual_revenue: first([
      fromMetrics(deal.financial_metrics, 'arr', dealLabel),
      fromMetrics(deal.financial_metrics, 'revenue', dealLabel),
      fromMetrics(companyMetrics, 'arr', company.name),
      fromMetrics(companyMetrics, 'revenue', company.name),
      () =>
        isKnown(company.revenue) ? { value: company.revenue, source: `${company.name}: revenue` } : null,
      // A year's figure from any document before a run rate (ARR = MRR × 12 last).
      fromDocuments(documents, 'arr', revenueAsAnnual(false)),
      fromDocuments(documents, 'revenue', revenueAsAnnual(false)),
      fromDocuments(documents, 'revenue', revenueAsAnnual(true)),
      fromDocuments(documents, 'mrr', revenueAsAnnual(true)),
    ]),
    revenue_growth: first([
      fromMetrics(deal.financial_metrics, 'revenue_growth', dealLabel),
      fromMetrics(companyMetrics, 'revenue_growth', company.name),
      () =>
        isKnown(company.revenue_growth)
          ? { value: company.revenue_growth, source: `${company.name}: revenue_growth` }
          : null,
      fromDocuments(documents, 'revenue_growth'),
    ]),
    gross_margin: first([
      fromMetrics(deal.financial_metrics, 'gross_margin', dealLabel),
      fromMetrics(companyMetrics, 'gross_margin', company.name),
      fromDocuments(documents, 'gross_margin'),
    ]),
    monthly_burn: first([
      fromMetrics(deal.financial_metrics, 'monthly_burn', dealLabel),
      fromMetrics(companyMetrics, 'monthly_burn', company.name),
      fromDocuments(documents, 'net_burn', monthlyBurn),
    ]),
    cash: first([
      fromMetrics(deal.financial_metrics, 'cash', dealLabel),
      fromMetrics(companyMetrics, 'cash', company.name),
      fromDocuments(documents, 'cash'),
    ]),
  };
  return inputs;
}

/**
 * The facility to project: the newest term sheet's terms when one states an amount, else the
 * scoring engine's suggested facility (its midpoint) on PROPOSED_FACILITY_TERMS. Null when neither
 * is known.
 */
export function gatherForecastFacility(
  deal: ForecastDeal,
  documents: readonly ForecastDocument[],
): ForecastFacility | null {
  const sheet = documents.find((document) =>
    isKnown(document.analysis?.facility_terms?.terms.facility_amount?.value),
  );
  const assumed = (value: number): ForecastFigure => ({ value, source: PROPOSAL });
  if (sheet) {
    const terms = sheet.analysis!.facility_terms!.terms;
    const cited = (term: (typeof terms)[keyof typeof terms]): ForecastFigure | null =>
      term && isKnown(term.value)
        ? { value: term.value, source: `${sheet.name}, ${term.source.label}: ${term.text}` }
        : null;
    const margin = cited(terms.margin_over_base);
    const rate =
      cited(terms.interest_rate) ??
      (margin
        ? {
            value: margin.value + ASSUMED_REFERENCE_RATE,
            source: `${margin.source} plus an assumed reference rate of ${ASSUMED_REFERENCE_RATE * 100}% (not in the data)`,
          }
        : assumed(PROPOSED_FACILITY_TERMS.interest_rate));
    const interestOnly =
      cited(terms.interest_only_months) ?? assumed(PROPOSED_FACILITY_TERMS.interest_only_months);
    const maturity = cited(terms.maturity_months);
    const amortisation =
      maturity && maturity.value > interestOnly.value
        ? {
            value: maturity.value - interestOnly.value,
            source: `${maturity.source} less ${interestOnly.value} months interest only`,
          }
        : assumed(PROPOSED_FACILITY_TERMS.amortisation_months);
    return {
      amount: cited(terms.facility_amount)!,
      interest_rate: rate,
      drawdown_month: assumed(PROPOSED_FACILITY_TERMS.drawdown_month),
      interest_only_months: interestOnly,
      amortisation_months: amortisation,
    };
  }
  const suggestion = deal.suggested_facility;
  if (suggestion && isKnown(suggestion.min) && isKnown(suggestion.max) && suggestion.max > 0) {
    const midpoint = (suggestion.min + suggestion.max) / 2;
    return {
      amount: {
        value: midpoint,
        source: `Deal #${deal.number} suggested facility (proposal, midpoint of €${suggestion.min.toLocaleString('en-GB')}–€${suggestion.max.toLocaleString('en-GB')})`,
      },
      interest_rate: assumed(PROPOSED_FACILITY_TERMS.interest_rate),
      drawdown_month: assumed(PROPOSED_FACILITY_TERMS.drawdown_month),
      interest_only_months: assumed(PROPOSED_FACILITY_TERMS.interest_only_months),
      amortisation_months: assumed(PROPOSED_FACILITY_TERMS.amortisation_months),
    };
  }
  return null;
}
