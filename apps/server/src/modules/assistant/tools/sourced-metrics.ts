import type { TCitation, TFinancialMetrics, TSourcedMetric } from '@atempo/contracts';
import { isoOf } from '../../../platform/sql-rows.ts';
import { companyFacts, companyMetrics, getCompanyRow } from '../../companies/index.ts';
import { getDeal } from '../../deals/index.ts';
import { orderedMetrics } from '../../documents/index.ts';
import { dealSource, quoted } from './citations.ts';
import { analysedDocuments } from './get-financial-metrics.source.ts';
import { RECORD_METRICS } from './metric-names.ts';
import { dealsOfCompanies, type Subject } from './subject.source.ts';
import type { ToolContext } from './tool.ts';

/**
 * Every figure known about a subject, each with where it is recorded: the deal's (or company's)
 * record first, then the key metrics of its analysed documents, newest document first. A document
 * the analysis found to be about another company lends none of its figures (decision 044); a
 * figure the document gives as a forecast is marked a projection.
 */
export interface SourcedMetrics {
  metrics: TSourcedMetric[];
}

export async function sourcedMetricsOf(context: ToolContext, subject: Subject): Promise<SourcedMetrics> {
  const [record, documents] = await Promise.all([
    recordMetrics(context, subject),
    analysedDocuments(context, subject),
  ]);
  const ownDocuments = documents.filter((document) => !document.about_other_company);
  const fromDocuments = ownDocuments.flatMap((document) =>
    orderedMetrics(document.key_metrics ?? undefined).map(
      ([name, metric]): TSourcedMetric => ({
        name,
        value: metric.value,
        unit: metric.unit,
        currency: metric.currency,
        period: metric.period,
        ...(metric.months_covered !== undefined ? { months_covered: metric.months_covered } : {}),
        ...(metric.kind === 'projection' ? { projection: true as const } : {}),
        source: {
          kind: 'document',
          id: document.id,
          name: document.name,
          location: metric.source,
          date: isoOf(document.created_at),
        },
      }),
    ),
  );
  return { metrics: [...record, ...fromDocuments] };
}

/**
 * A deal's figures come from its record. A company's come from its record and then from the deal a
 * person most likely means (dealsOfCompanies: open before closed, latest first), each figure
 * sourced to the record it is written in (the deal's only where the company record lacks the
 * figure): a team often keeps the figures on the deal alone.
 */
async function recordMetrics(context: ToolContext, subject: Subject): Promise<TSourcedMetric[]> {
  if (subject.deal) return dealRecord(context, subject.deal.id);
  const [company, [deal]] = await Promise.all([
    companyRecord(context, subject.company.id),
    dealsOfCompanies(context, [subject.company.id]),
  ]);
  if (!deal) return company;
  const onCompany = new Set(company.map((metric) => metric.name));
  const onDealOnly = (await dealRecord(context, deal.id)).filter((metric) => !onCompany.has(metric.name));
  return [...company, ...onDealOnly];
}

async function dealRecord(context: ToolContext, dealId: string): Promise<TSourcedMetric[]> {
  const deal = await getDeal(context.db, context.organizationId, dealId);
  const source: TSourcedMetric['source'] = {
    kind: 'deal',
    id: deal.id,
    name: dealSource(deal.company, deal.deal_number),
    location: null,
    date: deal.updated_at,
  };
  return recordedMetrics(deal.financial_metrics, source);
}

async function companyRecord(context: ToolContext, companyId: string): Promise<TSourcedMetric[]> {
  const company = await getCompanyRow(context.db, context.organizationId, companyId);
  const updatedAt = isoOf(company.updatedAt);
  const source: TSourcedMetric['source'] = {
    kind: 'company',
    id: company.id,
    name: company.name,
    location: null,
    date: updatedAt,
  };
  return recordedMetrics(companyMetrics(companyFacts(company)), source);
}

function recordedMetrics(metrics: TFinancialMetrics, source: TSourcedMetric['source']): TSourcedMetric[] {
  return Object.entries(RECORD_METRICS).flatMap(([name, meta]) => {
    const value = metrics[name as keyof TFinancialMetrics];
    if (typeof value !== 'number' || !Number.isFinite(value)) return [];
    return [
      {
        name,
        value,
        unit: meta.unit,
        currency: meta.unit === 'currency' ? 'EUR' : null,
        period: meta.period,
        source,
      },
    ];
  });
}

/** One citation per record (deal or company) the figures are read from, quoting them. */
export function recordCitations(metrics: TSourcedMetric[]): TCitation[] {
  const byRecord = new Map<string, TSourcedMetric[]>();
  for (const metric of metrics) {
    if (metric.source.kind === 'document') continue;
    byRecord.set(metric.source.id, [...(byRecord.get(metric.source.id) ?? []), metric]);
  }
  return [...byRecord.values()].flatMap((group) => {
    const source = group[0]?.source;
    if (!source || source.kind === 'document') return [];
    return [
      {
        source: source.name,
        relevance: 1,
        content_excerpt: group.map((metric) => `${metric.name}: ${quoted(metric)}`).join('; '),
        date: source.date,
        target: { kind: source.kind, id: source.id, location: null },
      },
    ];
  });
}
