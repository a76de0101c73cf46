import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import { formatKeyMetric, metricLabel, orderedMetrics, originalCurrencyNote } from '../../documents/index.ts';
import { SourceExcerpt } from './source-excerpt.tsx';

type SourcedMetric = TKeyMetric & { document_name?: string };

/** Every figure with its period and its source; a source opens the excerpt it was read from. */
export function MetricsTable({
  metrics,
  caption,
}: {
  metrics: Partial<Record<TKeyMetricName, SourcedMetric>>;
  caption: string;
}) {
  const rows = orderedMetrics(metrics);
  if (rows.length === 0) return <p className="text-sm text-slate-500">No figures found.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
          <th scope="col" className="py-2 pr-3 font-medium">
            Metric
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            Value
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Period
          </th>
          <th scope="col" className="py-2 pl-3 font-medium">
            Source
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, metric]) => {
          const note = originalCurrencyNote(metric);
          return (
            <tr key={name} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                {metricLabel(name)}
              </th>
              <td className="px-3 py-2 text-right text-slate-900 tabular-nums">
                {formatKeyMetric(name, metric)}
                {note && <p className="text-xs font-normal text-slate-500">{note}</p>}
              </td>
              <td className="px-3 py-2 text-slate-600">{metric.period ?? '—'}</td>
              <td className="py-2 pl-3">
                <SourceExcerpt source={metric.source} documentName={metric.document_name} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
