import {
  DEFAULT_THESIS,
  STAGE_LABELS,
  type TCitation,
  type TDeal,
  type TDealStage,
  type TFacilityTerm,
  type TSourcedMetric,
} from '@atempo/contracts';
import {
  type AnnualRevenueReading,
  annualRevenueOf,
  calculate,
  isRevenueMetric,
  monthlyBurnOf,
  type RevenueMetricName,
} from '@atempo/scoring';
import { isoOf } from '../../platform/sql-rows.ts';
import type { ToolContext } from '../assistant/index.ts';
import {
  calculationCitation,
  citationsOf,
  companyCitation,
  dealCitation,
  documentCitation,
  euros,
  quoted,
  sourcedFiguresOf,
} from '../assistant/index.ts';
import { getCompanyRow } from '../companies/index.ts';
import { getDealIntelligence } from '../deal-intelligence/index.ts';
import { getDeal } from '../deals/index.ts';
import { comparableDeals } from './comparable-deals.repository.ts';

/**
 * Everything an IC memo may say about a deal, each fact with the citation it will be footnoted
 * to: the deal record, its company, scores and red flags, the figures of its documents with their
 * page or cell, the terms of an uploaded term sheet, the suggested facility and the organisation's
 * comparable deals. The writers (template or model) say nothing that is not here. Plain JSON, so a
 * workflow step can keep it as its output.
 */
export interface CitedMetric {
  /** A canonical name: record names (monthly_burn, employee_count, last_round_amount) win. */
  name: string;
  label: string;
  value: number;
  unit: TSourcedMetric['unit'];
  period: string | null;
  citation: TCitation;
  /** Annualised from a document's quarter, month or MRR (annualRevenueOf): not reported annual revenue. */
  run_rate?: true;
}

export interface CitedTerm {
  name: string;
  value: number | null;
  unit: TFacilityTerm['unit'];
  /** The term as the document writes it. */
  text: string;
  citation: TCitation;
}

export interface IcMemoFacts {
  gathered_at: string;
  deal: {
    id: string;
    deal_number: number;
    company_id: string;
    company_name: string;
    stage: TDealStage;
    stage_label: string;
    amount_requested: number;
    sector: string | null;
    geography: string | null;
    deal_type: string | null;
    description: string | null;
    thematic_score: number | null;
    thematic_recommendation: TDeal['thematic_recommendation'];
    red_flag_level: TDeal['red_flag_level'];
    red_flag_score: number | null;
    citation: TCitation;
  };
  scoring: { name: string; label: string; score: number; reason: string; citation: TCitation }[];
  company: {
    id: string;
    /** The description's own citation (its words), when there is one. */
    description_citation: TCitation | null;
    name: string;
    industry: string | null;
    country: string | null;
    stage: string | null;
    description: string | null;
    website: string | null;
    founded_year: number | null;
    ceo_name: string | null;
    investors: string[];
    has_tier1_vc: boolean | null;
    recent_cfo_hire: boolean | null;
    total_funding: number | null;
    citation: TCitation;
  };
  /** One per metric, the newest document's reading first, else the deal record's. */
  metrics: CitedMetric[];
  documents: { id: string; name: string; status: string; document_type: string | null }[];
  red_flags: { severity: string; category: string; description: string; citation: TCitation }[];
  document_risks: { text: string; citation: TCitation }[];
  /** From the newest term sheet or loan agreement; null when none was uploaded. */
  terms: {
    document: { id: string; name: string };
    items: CitedTerm[];
    covenants: { text: string; citation: TCitation }[];
  } | null;
  suggested_facility: {
    min: number | null;
    max: number | null;
    reasoning: string[];
    citation: TCitation;
  } | null;
  calculations: {
    runway: { months: number; citation: TCitation } | null;
    revenue_forecast: { value: number; citation: TCitation } | null;
  };
  comparables: {
    deal_id: string;
    company_name: string;
    stage_label: string;
    amount_requested: number;
    thematic_score: number | null;
    citation: TCitation;
  }[];
}

export const METRIC_LABELS: Record<string, string> = {
  revenue: 'Revenue',
  arr: 'ARR',
  mrr: 'MRR',
  revenue_growth: 'Revenue growth',
  gross_margin: 'Gross margin',
  ebitda: 'EBITDA',
  net_income: 'Net income',
  monthly_burn: 'Net burn',
  cash: 'Cash',
  runway_months: 'Runway',
  employee_count: 'Employees',
  customers: 'Customers',
  monthly_churn: 'Monthly churn',
  net_revenue_retention: 'Net revenue retention',
  cac_payback_months: 'CAC payback',
  ltv_cac: 'LTV / CAC',
  last_round_amount: 'Last equity round',
  valuation: 'Valuation',
  total_debt: 'Total debt',
  capital_expenditure: 'Capital expenditure',
};

/** The document analyst's names for the record's fields (net burn: citedMetric). */
const CANONICAL: Record<string, string> = {
  headcount: 'employee_count',
  last_round: 'last_round_amount',
};

const COMPONENT_LABELS: Record<string, string> = {
  sector_alignment: 'Sector alignment',
  geographic_fit: 'Geographic fit',
  stage_fit: 'Stage fit',
  deal_size_fit: 'Deal size fit',
  financial_metrics: 'Financial metrics',
};

function metricCitation(
  metric: TSourcedMetric,
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): TCitation {
  const excerpt = `${metric.name}: ${quoted(metric)}`;
  if (metric.source.kind === 'deal') return { ...deal.citation, content_excerpt: excerpt };
  if (metric.source.kind === 'company') return { ...company.citation, content_excerpt: excerpt };
  return citationsOf([metric])[0]!;
}

/**
 * A metric as the memo states it, under its record name. A document's net burn is the monthly
 * burn it gives (monthlyBurnOf), the division shown after the document's words; its revenue is
 * annual revenue (citedRevenue). A burn or revenue the document gives no basis for is left out,
 * as is a metric the memo has no label for.
 */
function citedMetrics(
  metric: TSourcedMetric,
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): CitedMetric[] {
  const citation = metricCitation(metric, deal, company);
  if (metric.name === 'net_burn') {
    const burn = monthlyBurnOf(metric);
    if (burn.value === null) return [];
    const divided = burn.months > 1;
    return [
      {
        name: 'monthly_burn',
        label: METRIC_LABELS.monthly_burn!,
        value: burn.value,
        unit: metric.unit,
        period: divided
          ? `per month (${metric.period ?? `${burn.months} months`} ÷ ${burn.months})`
          : metric.period,
        citation: divided ? withWorking(citation, burn.step) : citation,
      },
    ];
  }
  const { name } = metric;
  if (metric.source.kind === 'document' && isRevenueMetric(name))
    return citedRevenue({ ...metric, name }, citation);
  const recordName = CANONICAL[name] ?? name;
  const label = METRIC_LABELS[recordName];
  if (!label) return [];
  return [
    { name: recordName, label, value: metric.value, unit: metric.unit, period: metric.period, citation },
  ];
}

/** The document's words, then how a figure was worked out from them. */
const withWorking = (citation: TCitation, step: string): TCitation => ({
  ...citation,
  content_excerpt: `${citation.content_excerpt} (${step})`,
});

/**
 * A document's revenue as annual revenue (annualRevenueOf): a year's as stated; a quarter's or a
 * month's as its annualised run rate, so called in its period, the working after the document's
 * words; MRR as stated and as ARR = MRR × 12, cited to the MRR.
 */
function citedRevenue(
  metric: TSourcedMetric & { name: RevenueMetricName },
  citation: TCitation,
): CitedMetric[] {
  const annual = annualRevenueOf(metric);
  const asStated = (name: string): CitedMetric => ({
    name,
    label: METRIC_LABELS[name]!,
    value: metric.value,
    unit: metric.unit,
    period: metric.period,
    citation,
  });
  const runRate = (name: string, reading: AnnualRevenueReading & { value: number }): CitedMetric => ({
    name,
    label: METRIC_LABELS[name]!,
    value: reading.value,
    unit: metric.unit,
    period: reading.basis,
    citation: withWorking(citation, reading.step),
    run_rate: true,
  });
  if (annual.value === null) return [];
  if (metric.name === 'mrr') return [asStated('mrr'), runRate('arr', annual)];
  return [annual.run_rate ? runRate(metric.name, annual) : asStated(metric.name)];
}

function pickMetrics(
  all: TSourcedMetric[],
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): CitedMetric[] {
  const documentFirst = [
    ...all.filter((metric) => metric.source.kind === 'document'),
    ...all.filter((metric) => metric.source.kind !== 'document'),
  ];
  const chosen = new Map<string, CitedMetric>();
  for (const metric of documentFirst) {
    for (const cited of citedMetrics(metric, deal, company)) {
      // A figure stated for a year, from any document or the record, before a run rate.
      const current = chosen.get(cited.name);
      if (!current || (current.run_rate && !cited.run_rate)) chosen.set(cited.name, cited);
    }
  }
  const order = Object.keys(METRIC_LABELS);
  return [...chosen.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

function calculations(metrics: CitedMetric[]): IcMemoFacts['calculations'] {
  const byName = new Map(metrics.map((metric) => [metric.name, metric]));
  const sourced = (name: string) => {
    const metric = byName.get(name);
    return metric ? { value: metric.value, source: metric.citation.source } : undefined;
  };
  let runway: IcMemoFacts['calculations']['runway'] = null;
  if (!byName.has('runway_months')) {
    const outcome = calculate(
      'runway',
      { cash: sourced('cash'), monthly_burn: sourced('monthly_burn') },
      DEFAULT_THESIS,
    );
    if (outcome.result !== null) {
      runway = {
        months: outcome.result,
        citation: calculationCitation('runway', [outcome.formula, ...outcome.steps].join(' ')),
      };
    }
  }
  let forecast: IcMemoFacts['calculations']['revenue_forecast'] = null;
  const revenue = byName.get('revenue') ?? byName.get('arr');
  const growth = byName.get('revenue_growth');
  if (revenue && growth && growth.unit === 'fraction') {
    const value = Math.round(revenue.value * (1 + growth.value));
    const percent = `${Math.round(growth.value * 10_000) / 100}%`;
    forecast = {
      value,
      citation: calculationCitation(
        'revenue in 12 months at the recorded growth',
        `${revenue.label}${revenue.run_rate ? ' (annualised run rate)' : ''} ${euros(revenue.value)} (${revenue.citation.source}) × (1 + ${percent} growth (${growth.citation.source})) = ${euros(value)}`,
      ),
    };
  }
  return { runway, revenue_forecast: forecast };
}

/** Gathers the facts of one deal of the organisation; the deal missing answers 404 (getDeal). */
export async function gatherIcMemoFacts(context: ToolContext, dealId: string): Promise<IcMemoFacts> {
  const deal = await getDeal(context.db, context.organizationId, dealId);
  const [companyRow, intelligence, figures] = await Promise.all([
    getCompanyRow(context.db, context.organizationId, deal.company_id),
    getDealIntelligence(context.db, context.organizationId, dealId),
    sourcedFiguresOf(context, { deal_id: dealId }),
  ]);
  const dealRef = {
    id: deal.id,
    deal_number: deal.deal_number,
    company_name: deal.company,
    updated_at: deal.updated_at,
  };
  const dealFacts: IcMemoFacts['deal'] = {
    id: deal.id,
    deal_number: deal.deal_number,
    company_id: deal.company_id,
    company_name: deal.company,
    stage: deal.stage,
    stage_label: STAGE_LABELS[deal.stage],
    amount_requested: deal.amount_requested,
    sector: deal.sector,
    geography: deal.geography,
    deal_type: deal.deal_type,
    description: deal.description,
    thematic_score: deal.thematic_score,
    thematic_recommendation: deal.thematic_recommendation,
    red_flag_level: deal.red_flag_level,
    red_flag_score: deal.red_flag_score,
    citation: dealCitation(
      dealRef,
      [
        `amount requested ${euros(deal.amount_requested)}`,
        `stage ${STAGE_LABELS[deal.stage]}`,
        deal.thematic_score !== null && `thematic score ${deal.thematic_score}/10`,
        deal.red_flag_score !== null && `red-flag score ${deal.red_flag_score}/10`,
      ]
        .filter(Boolean)
        .join(', '),
    ),
  };
  const investors = Array.isArray(companyRow.investors)
    ? (companyRow.investors as unknown[]).map(String)
    : [];
  const companyFactsCited: IcMemoFacts['company'] = {
    id: companyRow.id,
    name: companyRow.name,
    industry: companyRow.industry,
    country: companyRow.headquartersCountry,
    stage: companyRow.stage,
    description: companyRow.description,
    description_citation: companyRow.description
      ? companyCitation(
          { id: companyRow.id, name: companyRow.name, updated_at: isoOf(companyRow.updatedAt) },
          companyRow.description,
        )
      : null,
    website: companyRow.website,
    founded_year: companyRow.foundedYear ?? null,
    ceo_name: companyRow.ceoName ?? null,
    investors,
    has_tier1_vc: companyRow.hasTier1Vc ?? null,
    recent_cfo_hire: companyRow.recentCfoHire ?? null,
    total_funding: companyRow.totalFunding ?? null,
    citation: companyCitation(
      { id: companyRow.id, name: companyRow.name, updated_at: isoOf(companyRow.updatedAt) },
      [
        companyRow.industry,
        companyRow.headquartersCountry,
        companyRow.stage,
        companyRow.foundedYear != null && `founded ${companyRow.foundedYear}`,
        companyRow.totalFunding != null && `total funding ${euros(companyRow.totalFunding)}`,
      ]
        .filter(Boolean)
        .join(', ') || 'company record',
    ),
  };

  const metrics = pickMetrics(figures ?? [], dealFacts, companyFactsCited);

  const breakdown = deal.scoring_breakdown;
  const scoring = breakdown
    ? Object.keys(COMPONENT_LABELS).flatMap((name) => {
        const score = breakdown.sector_scores[name as keyof typeof breakdown.sector_scores];
        if (typeof score !== 'number') return [];
        const label = COMPONENT_LABELS[name]!;
        const reason = breakdown.reasons[name as keyof typeof breakdown.reasons] ?? '';
        return [
          { name, label, score, reason, citation: dealCitation(dealRef, `${label} ${score}/10: ${reason}`) },
        ];
      })
    : [];

  const documentIntelligence = intelligence.document_intelligence;
  const documentOf = (id: string) => documentIntelligence.documents.find((document) => document.id === id);
  const documentRef = (id: string, name: string) => ({
    id,
    name,
    created_at: documentOf(id)?.created_at ?? null,
  });
  const facility = documentIntelligence.facility_terms;
  const terms: IcMemoFacts['terms'] = facility
    ? {
        document: { id: facility.document_id, name: facility.document_name },
        items: Object.entries(facility.terms).map(([name, term]) => ({
          name,
          value: term.value,
          unit: term.unit,
          text: term.text,
          citation: documentCitation(
            documentRef(facility.document_id, facility.document_name),
            term.source.label,
            term.source.excerpt,
          ),
        })),
        covenants: facility.covenants.map((covenant) => ({
          text: covenant.text,
          citation: documentCitation(
            documentRef(facility.document_id, facility.document_name),
            covenant.source?.label ?? null,
            covenant.source?.excerpt ?? covenant.text,
          ),
        })),
      }
    : null;

  const suggestion = deal.suggested_facility;
  const comparables = await comparableDeals(context, deal);
  return {
    gathered_at: context.now.toISOString(),
    deal: dealFacts,
    scoring,
    company: companyFactsCited,
    metrics,
    documents: documentIntelligence.documents.map((document) => ({
      id: document.id,
      name: document.name,
      status: document.status,
      document_type: document.analysis?.document_type ?? null,
    })),
    red_flags: (deal.red_flags ?? []).map((flag) => ({
      severity: flag.severity,
      category: flag.category,
      description: flag.description,
      citation: dealCitation(dealRef, `${flag.severity}: ${flag.description}`),
    })),
    document_risks: documentIntelligence.risk_flags.map((flag) => ({
      text: flag.text,
      citation: documentCitation(
        documentRef(flag.document_id, flag.document_name),
        flag.source?.label ?? null,
        flag.source?.excerpt ?? flag.text,
      ),
    })),
    terms,
    suggested_facility: suggestion
      ? {
          min: suggestion.min,
          max: suggestion.max,
          reasoning: suggestion.reasoning,
          citation: dealCitation(
            dealRef,
            `Suggested facility (scoring engine): ${suggestion.reasoning.join(' ')}`,
          ),
        }
      : null,
    calculations: calculations(metrics),
    comparables: comparables.map((row) => ({
      deal_id: row.id,
      company_name: row.company_name,
      stage_label: STAGE_LABELS[row.stage],
      amount_requested: row.amount_requested,
      thematic_score: row.thematic_score,
      citation: dealCitation(
        {
          id: row.id,
          deal_number: row.deal_number,
          company_name: row.company_name,
          updated_at: row.updated_at,
        },
        [
          `stage ${STAGE_LABELS[row.stage]}`,
          `amount requested ${euros(row.amount_requested)}`,
          row.thematic_score !== null && `thematic score ${row.thematic_score}/10`,
        ]
          .filter(Boolean)
          .join(', '),
      ),
    })),
  };
}
