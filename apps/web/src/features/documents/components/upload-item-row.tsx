import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import type { UploadItem, UploadStatus } from '../hooks/use-upload-queue.ts';
import { AnalysisSummary } from './analysis-summary.tsx';

const STATUS_LABELS: Record<UploadStatus, string> = {
  pending: 'Pending',
  analysing: 'Analysing',
  completed: 'Completed',
  error: 'Error',
};

const STATUS_TONES = {
  pending: 'neutral',
  analysing: 'accent',
  completed: 'success',
  error: 'warning',
} as const;

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One file of the upload queue: its status, a progress bar while it is analysed, then its analysis or error. */
export function UploadItemRow({ item }: { item: UploadItem }) {
  const shownProgress = item.status === 'completed' ? 100 : item.progress;
  return (
    <li className="py-3" aria-label={item.file.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900" title={item.file.name}>
            {item.file.name}
          </p>
          <p className="text-xs text-slate-500">
            {kilobytes(item.file.size)}
            {item.companyName && ` · for ${item.companyName}`}
          </p>
        </div>
        <Badge tone={STATUS_TONES[item.status]}>{STATUS_LABELS[item.status]}</Badge>
      </div>
      {item.duplicateOf && (
        <Alert tone="info" className="mt-2">
          <p>
            <span className="font-medium">Duplicate. </span>
            {item.duplicateOf.message}
          </p>
        </Alert>
      )}
      {(item.status === 'analysing' || item.status === 'completed') && (
        <div className="mt-2">
          <div
            role="progressbar"
            aria-label={`Analysis of ${item.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={shownProgress}
            className="h-1.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-indigo-600 transition-[width]"
              style={{ width: `${shownProgress}%` }}
            />
          </div>
          {item.status === 'analysing' && (
            <p className="mt-1 text-xs text-slate-500">
              {item.stage ? `${item.stage.replace(/_/g, ' ')} · ` : ''}
              {shownProgress}%
            </p>
          )}
        </div>
      )}
      {item.status === 'error' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Analysis failed: {item.error}
        </p>
      )}
      {item.status === 'completed' && item.analysis && <AnalysisSummary analysis={item.analysis} />}
    </li>
  );
}
