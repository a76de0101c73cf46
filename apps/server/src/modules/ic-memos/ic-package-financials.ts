import type { TIcPackage, TIcPackageFigure } from '@atempo/contracts';
import { euros } from '../assistant/index.ts';
import type { CitedMetric, IcMemoFacts } from './ic-memo-facts.ts';

type FinancialAnalysis = TIcPackage['financial_analysis'];

const figureOf = (metric: CitedMetric): TIcPackageFigure => ({
  name: metric.name,
  label: metric.label,
  value: metric.value,
  unit: metric.unit,
  period: metric.period,
  source: metric.citation.source,
  not_yet_accepted: metric.not_yet_accepted === true,
});

/** "the deal record or its 2 analysed documents (1 more not analysed yet)". */
function whereLooked(facts: IcMemoFacts): string {
  const own = facts.documents.filter((document) => !document.other_company);
  const analysed = own.filter((document) => document.status === 'completed').length;
  const pending = own.length - analysed;
  const elsewhere = facts.documents.length - own.length;
  const documents =
    own.length === 0
      ? 'the deal record (no documents are uploaded)'
      : `the deal record or its ${analysed === 1 ? 'analysed document' : `${analysed} analysed documents`}`;
  const notes = [
    pending > 0 ? `${pending} more not analysed yet` : null,
    elsewhere > 0 ? `${elsewhere} about another company left out` : null,
  ].filter(Boolean);
  return notes.length > 0 ? `${documents} (${notes.join('; ')})` : documents;
}

const absent = (facts: IcMemoFacts, what: string) => `${what}: not in ${whereLooked(facts)}`;

/**
 * The package's revenue forecast and debt capacity from the memo's cited figures: revenue (a
 * year's, else ARR, else MRR × 12 as a run rate, each with its period), growth, burn, cash and
 * runway, whether they come from the record or a document not yet accepted. Where a figure is
 * missing the answer says which and where it was looked for, instead of null.
 */
export function packageFinancials(facts: IcMemoFacts, summary: string): FinancialAnalysis {
  const metric = (name: string) => facts.metrics.find((item) => item.name === name);
  const revenue = metric('revenue') ?? metric('arr');
  const growth = metric('revenue_growth');
  const forecast = facts.calculations.revenue_forecast;
  const revenueMissing = [
    revenue ? null : absent(facts, 'revenue (revenue, ARR or MRR)'),
    growth && growth.unit === 'fraction' ? null : absent(facts, 'revenue growth'),
  ].filter((item): item is string => item !== null);
  const revenueBasis = forecast
    ? forecast.citation.content_excerpt
    : revenue
      ? `${revenue.label} ${euros(revenue.value)}${revenue.period ? ` (${revenue.period})` : ''}, ${revenue.citation.source}; no forecast without a growth rate (${revenueMissing.join('; ')})`
      : `No forecast: ${revenueMissing.join('; ')}`;

  const suggestion = facts.suggested_facility;
  const burn = metric('monthly_burn');
  const cash = metric('cash');
  const statedRunway = metric('runway_months');
  const runway: TIcPackageFigure | null = statedRunway
    ? figureOf(statedRunway)
    : facts.calculations.runway
      ? {
          name: 'runway_months',
          label: 'Runway',
          value: facts.calculations.runway.months,
          unit: 'months',
          period: null,
          source: facts.calculations.runway.citation.source,
          not_yet_accepted: [burn, cash].some((item) => item?.not_yet_accepted),
        }
      : null;
  const capacityMissing = [
    burn ? null : absent(facts, 'monthly burn'),
    cash ? null : absent(facts, 'cash'),
    runway ? null : 'runway: not stated, and not calculable without cash and monthly burn',
    suggestion
      ? null
      : 'facility range: the deal has not been sized by the scoring engine yet (score the deal)',
  ].filter((item): item is string => item !== null);
  const figuresBasis = [burn, cash]
    .filter((item): item is CitedMetric => Boolean(item))
    .map(
      (item) =>
        `${item.label} ${euros(item.value)}${item.period ? ` (${item.period})` : ''}, ${item.citation.source}${item.not_yet_accepted ? ', from the document, not yet accepted' : ''}`,
    );
  if (runway) figuresBasis.push(`Runway ${runway.value} months, ${runway.source}`);

  return {
    revenue_forecast: {
      next_12_months: forecast?.value ?? null,
      basis: revenueBasis,
      revenue: revenue ? figureOf(revenue) : null,
      growth: growth ? figureOf(growth) : null,
      missing: revenueMissing,
    },
    debt_capacity: {
      min: suggestion?.min ?? null,
      max: suggestion?.max ?? null,
      basis: [...(suggestion?.reasoning ?? []), ...figuresBasis],
      monthly_burn: burn ? figureOf(burn) : null,
      cash: cash ? figureOf(cash) : null,
      runway_months: runway,
      missing: capacityMissing,
    },
    summary,
  };
}
