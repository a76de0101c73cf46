import type { TCitation, TSourcedMetric } from '@atempo/contracts';
import { documentCitation, quoted } from './citations.ts';
import { metricNamesFor } from './metric-names.ts';
import { recordCitations, sourcedMetricsOf } from './sourced-metrics.ts';
import { resolveSubject } from './subject.source.ts';
import { defineTool } from './tool.ts';

/** One citation for the record's figures, one per figure read in a document (with its place). */
export function citationsOf(metrics: TSourcedMetric[]): TCitation[] {
  const citations = recordCitations(metrics);
  for (const metric of metrics) {
    if (metric.source.kind !== 'document') continue;
    citations.push(
      documentCitation(
        { id: metric.source.id, name: metric.source.name, created_at: metric.source.date },
        metric.source.location?.label ?? null,
        metric.source.location?.excerpt ?? `${metric.name}: ${quoted(metric)}`,
      ),
    );
  }
  return citations;
}

export const getFinancialMetricsTool = defineTool(
  'get_financial_metrics',
  'A company\'s or deal\'s financial figures, each with its source: the fields of the deal or company record (revenue, ARR, growth, gross margin, monthly burn, cash, runway, churn, NRR, CAC payback, employees, last round) and the key metrics the document analyst read from its documents, with the page or cell and the words around the figure. Ask for some metrics by name ("runway", "burn", "gross_margin"); those the data does not hold are listed in `missing`. subject is null when no deal or company matches.',
  async (context, input) => {
    const subject = await resolveSubject(context, input);
    if (!subject) return { subject: null, metrics: [], missing: input.metrics ?? [], citations: [] };
    const { metrics: all } = await sourcedMetricsOf(context, subject);
    let metrics = all;
    const missing: string[] = [];
    if (input.metrics && input.metrics.length > 0) {
      const wanted = new Set<string>();
      for (const requested of input.metrics) {
        const names = metricNamesFor(requested);
        if (all.some((metric) => names.includes(metric.name))) for (const name of names) wanted.add(name);
        else missing.push(requested);
      }
      metrics = all.filter((metric) => wanted.has(metric.name));
    }
    return {
      subject: {
        kind: subject.kind,
        id: subject.deal?.id ?? subject.company.id,
        company_id: subject.company.id,
        company_name: subject.company.name,
        deal_id: subject.deal?.id ?? null,
      },
      metrics,
      missing,
      citations: citationsOf(metrics),
    };
  },
);
