import { euros, quoted } from '../../assistant/index.ts';
import type { CitedMetric } from '../ic-memo-facts.ts';
import { NOT_YET_ACCEPTED, type Writer } from './writer.ts';

/** Whether the deal record holds the figure: a document's figure not yet accepted says so. */
function recordStatus(metric: CitedMetric): string {
  if (metric.citation.target.kind !== 'document') return 'recorded';
  if (!metric.not_yet_accepted) return 'accepted';
  // When the record holds another value, it is listed, cited, among the other figures below.
  return NOT_YET_ACCEPTED;
}

const CORE_METRICS: { names: string[]; label: string }[] = [
  { names: ['revenue', 'arr'], label: 'revenue or ARR' },
  { names: ['gross_margin'], label: 'gross margin' },
  { names: ['monthly_burn'], label: 'monthly net burn' },
  { names: ['cash'], label: 'cash' },
];

export function financialAnalysis(w: Writer): string {
  const { metrics, calculations } = w.facts;
  const lines: string[] = [];
  if (metrics.length > 0) {
    lines.push(
      [
        '| Metric | Value | Period | Status |',
        '| --- | --- | --- | --- |',
        ...metrics.map(
          (metric) =>
            `| ${metric.label} | ${w.cited(quoted(metric), metric.citation)} | ${metric.period ?? '—'} | ${recordStatus(metric)} |`,
        ),
      ].join('\n'),
    );
  }
  if (calculations.runway) {
    lines.push(
      `Runway at the current burn: ${w.cited(`${calculations.runway.months} months`, calculations.runway.citation)}.`,
    );
  }
  if (calculations.revenue_forecast) {
    lines.push(
      `Revenue in twelve months if the recorded growth holds: ${w.cited(euros(calculations.revenue_forecast.value), calculations.revenue_forecast.citation)}.`,
    );
  }
  const readings = w.facts.other_readings;
  if (readings.length > 0) {
    lines.push(
      `Other figures in the documents and the record:\n${readings
        .map(
          (reading) =>
            `- ${reading.label}: ${w.cited(quoted(reading), reading.citation)}${reading.period ? ` (${reading.period})` : ''}${reading.not_yet_accepted ? `, ${NOT_YET_ACCEPTED}` : ''}; ${reading.reason}.`,
        )
        .join('\n')}`,
    );
  }
  for (const document of w.facts.documents) {
    if (document.other_company) {
      lines.push(w.gap(`${document.name}: ${document.other_company} Its figures are left out of this memo.`));
    }
  }
  const debt = w.metric('total_debt');
  if (debt) lines.push(`Existing debt: ${w.figure(debt)}.`);
  const missing = CORE_METRICS.filter((core) => !core.names.some((name) => w.metric(name))).map(
    (core) => core.label,
  );
  if (missing.length > 0) {
    lines.push(
      w.gap(
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not recorded: not in the deal record or in ${documentsRead(w)}; upload financial statements, a financial model or a board pack.`,
      ),
    );
  }
  return lines.join('\n\n');
}

/**
 * Where the figure was looked for, in words without numbers (every number of the memo is a cited
 * figure): "any of its analysed documents", "its analysed document (others not analysed yet)",
 * "any document (none uploaded)".
 */
export function documentsRead(w: Writer): string {
  const documents = w.facts.documents.filter((document) => !document.other_company);
  if (documents.length === 0) return 'any document (none uploaded)';
  const analysed = documents.filter((document) => document.status === 'completed').length;
  const pending = documents.length - analysed;
  const read =
    analysed === 0
      ? 'any analysed document'
      : analysed === 1
        ? 'its analysed document'
        : 'any of its analysed documents';
  return pending > 0 ? `${read} (others are not analysed yet)` : read;
}
