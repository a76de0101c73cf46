import type { TCitation, TFinancialMetrics, TSourcedMetric } from '@atempo/contracts';
import { getCompanyRow } from '../../companies/companies.service.ts';
import { companyFacts } from '../../companies/company-columns.ts';
import { getDeal } from '../../deals/deals.service.ts';
import { orderedMetrics } from '../../documents/document-columns.ts';
import { companyMetrics } from '../../scoring/company-scores.ts';
import { companyCitation, dealCitation, dealSource } from './citations.ts';
import { analysedDocuments } from './get-financial-metrics.repository.ts';
import { RECORD_METRICS } from './metric-names.ts';
import { isoOf } from './rows.ts';
import type { Subject } from './subject.repository.ts';
import type { ToolContext } from './tool.ts';

/**
 * Every figure known about a subject, each with where it is recorded: the deal's (or company's)
 * record first, then the key metrics of its analysed documents, newest document first.
 */
export interface SourcedMetrics {
  metrics: TSourcedMetric[];
  /** The citation of the deal or company record, quoting `excerpt`. */
  recordCitation(excerpt: string): TCitation;
}

export async function sourcedMetricsOf(context: ToolContext, subject: Subject): Promise<SourcedMetrics> {
  const [record, documents] = await Promise.all([
    recordMetrics(context, subject),
    analysedDocuments(context, subject),
  ]);
  const fromDocuments = documents.flatMap((document) =>
    orderedMetrics(document.key_metrics ?? undefined).map(
      ([name, metric]): TSourcedMetric => ({
        name,
        value: metric.value,
        unit: metric.unit,
        currency: metric.currency,
        period: metric.period,
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
  return { metrics: [...record.metrics, ...fromDocuments], recordCitation: record.citation };
}

async function recordMetrics(
  context: ToolContext,
  subject: Subject,
): Promise<{ metrics: TSourcedMetric[]; citation: (excerpt: string) => TCitation }> {
  let metrics: TFinancialMetrics;
  let source: TSourcedMetric['source'];
  let citation: (excerpt: string) => TCitation;
  if (subject.deal) {
    const deal = await getDeal(context.db, context.organizationId, subject.deal.id);
    metrics = deal.financial_metrics;
    source = {
      kind: 'deal',
      id: deal.id,
      name: dealSource(deal.company, deal.deal_number),
      location: null,
      date: deal.updated_at,
    };
    citation = (excerpt) => dealCitation({ ...deal, company_name: deal.company }, excerpt);
  } else {
    const company = await getCompanyRow(context.db, context.organizationId, subject.company.id);
    metrics = companyMetrics(companyFacts(company));
    const updatedAt = isoOf(company.updatedAt);
    source = { kind: 'company', id: company.id, name: company.name, location: null, date: updatedAt };
    citation = (excerpt) =>
      companyCitation({ id: company.id, name: company.name, updated_at: updatedAt }, excerpt);
  }
  return { metrics: recordedMetrics(metrics, source), citation };
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
