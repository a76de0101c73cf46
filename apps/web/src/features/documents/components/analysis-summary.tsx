import type { TDocumentAnalysis } from '@atempo/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import {
  documentTypeLabel,
  formatConfidence,
  formatKeyMetric,
  metricLabel,
  orderedMetrics,
  originalCurrencyNote,
} from '../lib/metric-format.ts';

/** What an upload shows once its analysis is in: the type, the confidence and every figure with its source. */
export function AnalysisSummary({ analysis }: { analysis: TDocumentAnalysis }) {
  const metrics = orderedMetrics(analysis.key_metrics);
  return (
    <div className="mt-2 space-y-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
      <p className="text-slate-700">
        <span className="font-medium text-slate-900">{documentTypeLabel(analysis.document_type)}</span>
        <span className="text-slate-500"> · {formatConfidence(analysis.confidence_score)} confidence</span>
      </p>
      {analysis.other_company && (
        // Said before the figures: they may be another company's (issue 18 §4).
        <Alert tone="warning">
          <p className="font-medium">{analysis.other_company.message}</p>
          <p className="text-xs">
            Read on {analysis.other_company.source.label}: “{analysis.other_company.source.excerpt}”. Its
            figures are written onto the deal only if you confirm it when accepting them.
          </p>
        </Alert>
      )}
      {metrics.length > 0 ? (
        <ul aria-label={`Figures found in ${analysis.filename}`} className="space-y-1">
          {metrics.map(([name, metric]) => (
            <li key={name} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="text-slate-600">{metricLabel(name)}</span>
              <span className="tabular-nums text-slate-900" title={originalCurrencyNote(metric) ?? undefined}>
                {formatKeyMetric(name, metric)}
                {metric.period && <span className="text-slate-500"> ({metric.period})</span>}
                <span className="ml-2 text-xs text-slate-500">{metric.source.label}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">No figures found in this document.</p>
      )}
      {analysis.notices.map((notice) => (
        <p key={notice} className="text-xs text-amber-800">
          {notice}
        </p>
      ))}
    </div>
  );
}
