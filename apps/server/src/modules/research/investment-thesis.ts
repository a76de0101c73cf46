import {
  type TFinancialMetrics,
  THESIS_COMPONENTS,
  type TInvestmentThesis,
  type TInvestmentThesisFit,
  type TResearchSource,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { formatMoney, type ScoringSubject, scoreCompany, scoreDeal, THEMATIC_WEIGHTS } from '@atempo/scoring';
import { isoOf } from '../../platform/sql-rows.ts';
import { companyProfileById } from '../companies/index.ts';
import { getDeal } from '../deals/index.ts';
import { getThesis } from '../thesis/index.ts';
import { companySource, dealSource } from './research-hits.ts';
import type { ResearchSubject } from './research-subject.ts';

/**
 * How a deal (or, for research about a company without a deal, the company) fits the
 * organisation's thesis, component by component, with the scoring engine's reasons: the same
 * packages/scoring functions that score the pipeline, so this never disagrees with the deal's score.
 */

const NOT_IN_DATA = 'not in the data';

function metricsText(metrics: TFinancialMetrics | null | undefined): string {
  const known = Object.entries(metrics ?? {}).filter(([, value]) => typeof value === 'number');
  return known.length === 0 ? NOT_IN_DATA : known.map(([key]) => key.replaceAll('_', ' ')).join(', ');
}

function inputs(subject: ScoringSubject): Record<(typeof THESIS_COMPONENTS)[number], string> {
  return {
    sector_alignment: subject.sector?.trim() || NOT_IN_DATA,
    geographic_fit: subject.geography?.trim() || NOT_IN_DATA,
    stage_fit: subject.stage?.trim() || NOT_IN_DATA,
    deal_size_fit:
      typeof subject.amount_requested === 'number' && subject.amount_requested > 0
        ? formatMoney(subject.amount_requested)
        : NOT_IN_DATA,
    financial_metrics: metricsText(subject.financial_metrics),
  };
}

const thesisSource = (thesis: TInvestmentThesis): TResearchSource => ({
  kind: 'thesis',
  id: null,
  name: `Investment thesis (${Object.keys(thesis.target_sectors).length} sectors, ${Object.keys(thesis.primary_markets).length} markets, ${thesis.target_stages.join(', ') || 'no stages'})`,
  location: null,
  url: null,
  date: null,
  excerpt: null,
});

export async function investmentThesisFit(
  db: Database,
  organizationId: string,
  subject: ResearchSubject,
  now: Date,
): Promise<TInvestmentThesisFit> {
  const thesis = await getThesis(db, organizationId);
  if (subject.dealId) {
    const deal = await getDeal(db, organizationId, subject.dealId);
    const company = await companyProfileById(db, organizationId, deal.company_id);
    const scored: ScoringSubject = {
      sector: deal.sector,
      geography: deal.geography,
      stage: company?.stage ?? null,
      deal_type: deal.deal_type,
      amount_requested: deal.amount_requested,
      financial_metrics: deal.financial_metrics,
      last_interaction_at: deal.last_interaction,
      created_at: deal.created_at,
    };
    const score = scoreDeal(scored, thesis, now);
    const read = inputs(scored);
    const sources: TResearchSource[] = [
      dealSource({
        id: deal.id,
        deal_number: deal.deal_number,
        company_name: deal.company,
        updated_at: deal.updated_at,
      }),
      ...(company ? [companySource(company)] : []),
      thesisSource(thesis),
    ];
    return {
      research_id: subject.researchId,
      deal_id: deal.id,
      company_id: deal.company_id,
      company_name: deal.company,
      thematic_score: score.thematic_score,
      recommendation: score.thematic_recommendation,
      components: Object.fromEntries(
        THESIS_COMPONENTS.map((key) => [
          key,
          {
            score: score.scoring_breakdown.sector_scores[key],
            weight: THEMATIC_WEIGHTS[key],
            reason: score.scoring_breakdown.reasons[key],
            input: read[key],
          },
        ]),
      ) as TInvestmentThesisFit['components'],
      sources,
    };
  }

  const company = subject.companyId
    ? await companyProfileById(db, organizationId, subject.companyId)
    : undefined;
  const scored: ScoringSubject = {
    sector: company?.industry ?? subject.industrySector,
    geography: company?.headquarters_country ?? null,
    stage: company?.stage ?? null,
    financial_metrics: company ? companyMetricsOf(company) : null,
    created_at: company ? isoOf(company.updated_at) : null,
  };
  const score = scoreCompany(scored, thesis, now);
  const read = inputs(scored);
  const reasons = {
    sector_alignment: { score: score.sector_alignment_score, reason: score.reasons.sector_alignment },
    geographic_fit: { score: score.geographic_fit_score, reason: score.reasons.geographic_fit },
    stage_fit: { score: score.stage_fit_score, reason: score.reasons.stage_fit },
    deal_size_fit: {
      score: null,
      reason: 'The research is about a company with no deal: there is no ticket to size (not in the data).',
    },
    financial_metrics: { score: score.financial_health_score, reason: score.reasons.financial_health },
  };
  return {
    research_id: subject.researchId,
    deal_id: null,
    company_id: company?.id ?? null,
    company_name: company?.name ?? subject.companyName,
    thematic_score: score.thematic_score,
    recommendation: score.thematic_recommendation,
    components: Object.fromEntries(
      THESIS_COMPONENTS.map((key) => [
        key,
        { ...reasons[key], weight: THEMATIC_WEIGHTS[key], input: read[key] },
      ]),
    ) as TInvestmentThesisFit['components'],
    sources: [...(company ? [companySource(company)] : []), thesisSource(thesis)],
  };
}

/** A company row's metrics as the scoring engine reads them (its columns over financial_metrics). */
export function companyMetricsOf(company: {
  financial_metrics: Record<string, unknown>;
  revenue: number | string | null;
  revenue_growth: number | null;
  employee_count: number | null;
  last_funding_amount: number | string | null;
}): TFinancialMetrics {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(company.financial_metrics ?? {})) {
    if (typeof value === 'number') merged[key] = value;
  }
  if (company.revenue !== null) merged.revenue = Number(company.revenue);
  if (company.revenue_growth !== null) merged.revenue_growth = company.revenue_growth;
  if (company.employee_count !== null) merged.employee_count = company.employee_count;
  if (company.last_funding_amount !== null) merged.last_round_amount = Number(company.last_funding_amount);
  return merged as TFinancialMetrics;
}
