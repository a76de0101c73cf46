import type { TSharePointDocumentAnalysis } from '@atempo/contracts';
import { CONTENT_PREVIEW_CHARS } from '@atempo/contracts';
import { X } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { documentTypeLabel, metricLabel } from '../../../documents/index.ts';
import type { FileAnalysisState } from '../../hooks/use-file-analysis.ts';
import { formatFileSize } from '../../lib/file-size.ts';

export const BACKGROUND_TEXT = 'The analysis continues in the background.';

const documentLink = (documentId: string) => `/knowledge?document=${encodeURIComponent(documentId)}`;

/** Analyse's outcome for one file, above the folder's list. */
export function AnalysisPanel({ state, onDismiss }: { state: FileAnalysisState; onDismiss: () => void }) {
  return (
    <section
      aria-label={`Analysis of ${state.file.name}`}
      className="rounded-lg border border-indigo-200 bg-indigo-50/40 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-sm font-semibold break-words text-slate-900">
          Analysis of {state.file.name}
        </h3>
        <Button variant="ghost" size="sm" aria-label="Close the analysis" onClick={onDismiss}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="mt-2">
        <AnalysisBody state={state} />
      </div>
    </section>
  );
}

function AnalysisBody({ state }: { state: FileAnalysisState }) {
  switch (state.status) {
    case 'analysing':
      return (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" decorative /> Copying and analysing the file…
        </p>
      );
    case 'processing':
    case 'background':
      return (
        <div className="space-y-1 text-sm text-slate-700">
          <p className="flex items-center gap-2">
            {state.status === 'processing' && <Spinner size="sm" decorative />}
            {BACKGROUND_TEXT}
          </p>
          <p>
            <TextLink to={documentLink(state.result.document_id)}>
              Open the document in the Knowledge Hub
            </TextLink>
          </p>
        </div>
      );
    case 'error':
      return <Alert>{state.error}</Alert>;
    case 'done':
      return <AnalysisResult result={state.result} />;
  }
}

function AnalysisResult({ result }: { result: TSharePointDocumentAnalysis }) {
  const { analysis } = result;
  const preview = result.contentPreview.slice(0, CONTENT_PREVIEW_CHARS);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-600">
        {result.fileType.toUpperCase()} · {formatFileSize(result.fileSize)}
        {analysis.documentType && (
          <>
            {' · '}
            <span className="font-medium text-slate-900">{documentTypeLabel(analysis.documentType)}</span>
          </>
        )}
      </p>
      {result.status === 'failed' && <Alert>The analysis of this file failed.</Alert>}
      {!analysis.canAnalyse && <Alert tone="info">This kind of file cannot be analysed.</Alert>}
      {analysis.summary && <p className="text-slate-800">{analysis.summary}</p>}
      {analysis.keyMetrics.length > 0 && (
        <div>
          <h4 className="font-medium text-slate-900">Key metrics</h4>
          <dl className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {analysis.keyMetrics.map((metric) => (
              <div key={metric.name} className="flex justify-between gap-3">
                <dt className="text-slate-600">{metricLabel(metric.name)}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{metric.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <ListSection title="Risk flags" items={analysis.riskFlags} />
      <ListSection title="Action items" items={analysis.actionItems} />
      <p>
        <TextLink to={documentLink(result.document_id)}>Open the document in the Knowledge Hub</TextLink>
      </p>
      {preview && (
        <details>
          <summary className="cursor-pointer font-medium text-slate-900">Content preview</summary>
          <p className="mt-1 rounded-md bg-white p-3 break-words whitespace-pre-wrap text-slate-600">
            {preview}
          </p>
        </details>
      )}
    </div>
  );
}

function ListSection({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="font-medium text-slate-900">{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
