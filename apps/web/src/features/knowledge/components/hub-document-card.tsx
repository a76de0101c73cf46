import { Eye, FileText } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  documentTypeLabel,
  formatConfidence,
  formatKeyMetric,
  metricLabel,
  openDocument,
  orderedMetrics,
} from '../../documents/index.ts';
import { formatKilobytes, formatRelevance, type HubDocument, previewText } from '../lib/hub-documents.ts';

/** Spec 02 §9: the analysis box shows 2 metrics and 2 risk flags. */
export const HUB_CARD_METRICS = 2;
export const HUB_CARD_RISKS = 2;

/** One document of the Knowledge Hub (spec 02): every field of the card, and View Document. */
export function HubDocumentCard({ document }: { document: HubDocument }) {
  const titleId = `hub-document-${document.id}`;
  const analysis = document.analysis;
  const { url } = document;
  const view = () => {
    if (!url) return;
    void openDocument(url, document.name).catch((error: unknown) =>
      toast.error(errorMessage(error, 'The document could not be opened.')),
    );
  };
  return (
    <Card aria-labelledby={titleId} className="flex flex-col px-5 py-4">
      <div className="flex items-start gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-semibold text-slate-900" title={document.name}>
            {document.name}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            {document.sample && <Badge tone="warning">Sample, not your data</Badge>}
            {analysis && <Badge tone="success">AI Analysed</Badge>}
            {document.score !== null && (
              <Badge tone="accent">{formatRelevance(document.score)} relevant</Badge>
            )}
          </div>
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="sr-only">Author</dt>
        <dd className="truncate text-slate-600">
          {document.author ? `By ${document.author}` : 'Author unknown'}
        </dd>
        <dt className="sr-only">Created</dt>
        <dd className="text-right text-slate-600">{formatDate(document.createdAt)}</dd>
        <dt className="sr-only">Size</dt>
        <dd className="text-slate-600 tabular-nums">
          {document.size === null ? 'Size unknown' : formatKilobytes(document.size)}
        </dd>
        <dt className="sr-only">Companies</dt>
        <dd
          className="truncate text-right text-slate-600"
          title={document.companyNames.join(', ') || undefined}
        >
          {document.companyNames.length > 0 ? document.companyNames.join(', ') : 'No company'}
        </dd>
      </dl>

      {document.preview && (
        <p className="mt-3 rounded-md bg-amber-50 px-2.5 py-2 text-xs text-slate-700">
          {document.hitLocation && (
            <span className="font-semibold text-slate-900">{document.hitLocation}: </span>
          )}
          {previewText(document.preview)}
        </p>
      )}

      {analysis && <AnalysisBox analysis={analysis} />}

      <div className="mt-auto pt-4">
        <Button
          variant="secondary"
          size="sm"
          onClick={view}
          disabled={!url}
          aria-label={`View Document ${document.name}`}
          title={url ? undefined : 'The sample has no file to open'}
        >
          <Eye aria-hidden="true" className="size-4" />
          View Document
        </Button>
      </div>
    </Card>
  );
}

function AnalysisBox({ analysis }: { analysis: NonNullable<HubDocument['analysis']> }) {
  const metrics = orderedMetrics(analysis.key_metrics, HUB_CARD_METRICS);
  const risks = analysis.risk_flags.slice(0, HUB_CARD_RISKS);
  const moreRisks = Math.max(analysis.risk_flag_count, analysis.risk_flags.length) - risks.length;
  return (
    <div className="mt-3 space-y-2 rounded-md border border-indigo-100 bg-indigo-50/50 px-3 py-2.5 text-xs">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">{documentTypeLabel(analysis.document_type)}</span>
        <span className="text-slate-600">{formatConfidence(analysis.confidence_score)} confidence</span>
      </div>
      {metrics.length > 0 && (
        <dl className="grid grid-cols-2 gap-2">
          {metrics.map(([name, metric]) => (
            <div key={name}>
              <dt className="text-slate-500">{metricLabel(name)}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatKeyMetric(name, metric)}</dd>
            </div>
          ))}
        </dl>
      )}
      {analysis.content_summary && <p className="line-clamp-3 text-slate-700">{analysis.content_summary}</p>}
      {risks.length > 0 && (
        <ul className="space-y-1">
          {risks.map((risk) => (
            <li key={risk} className="text-red-800">
              {risk}
            </li>
          ))}
          {moreRisks > 0 && <li className="text-slate-600">+{moreRisks} more risks</li>}
        </ul>
      )}
    </div>
  );
}
