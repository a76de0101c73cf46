import { euros, quoted } from '../../assistant/index.ts';
import type { Writer } from './writer.ts';

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
        '| Metric | Value | Period |',
        '| --- | --- | --- |',
        ...metrics.map(
          (metric) =>
            `| ${metric.label} | ${w.cited(quoted(metric), metric.citation)} | ${metric.period ?? '—'} |`,
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
  const debt = w.metric('total_debt');
  if (debt) lines.push(`Existing debt: ${w.figure(debt)}.`);
  const missing = CORE_METRICS.filter((core) => !core.names.some((name) => w.metric(name))).map(
    (core) => core.label,
  );
  if (missing.length > 0) {
    lines.push(
      w.gap(
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not recorded; upload financial statements, a financial model or a board pack.`,
      ),
    );
  }
  return lines.join('\n\n');
}
