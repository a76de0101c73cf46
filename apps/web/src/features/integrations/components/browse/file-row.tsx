import type { TSharePointFile } from '@atempo/contracts';
import { Download, ExternalLink, FileText, Sparkles } from 'lucide-react';
import { Button, buttonClasses } from '../../../../components/ui/button.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { formatFileSize } from '../../lib/file-size.ts';

export const CANNOT_ANALYSE_HINT = 'Only PDF, Word and Excel files up to 10 MB can be analysed';

export function FileRow({
  file,
  analysing,
  downloading,
  onAnalyse,
  onDownload,
}: {
  file: TSharePointFile;
  analysing: boolean;
  downloading: boolean;
  onAnalyse: () => void;
  onDownload: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium break-words text-slate-900" title={file.name}>
          {file.name}
        </p>
        <p className="text-xs text-slate-500">
          {formatFileSize(file.size)}
          {file.lastModifiedDateTime && ` · ${formatDate(file.lastModifiedDateTime)}`}
        </p>
      </div>
      <div className="flex w-full items-center justify-end gap-1.5 sm:w-auto">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Analyse ${file.name}`}
          title={file.canAnalyse ? undefined : CANNOT_ANALYSE_HINT}
          disabled={!file.canAnalyse}
          busy={analysing}
          onClick={onAnalyse}
        >
          {!analysing && <Sparkles aria-hidden="true" className="size-4" />}
          Analyse
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Download ${file.name}`}
          busy={downloading}
          onClick={onDownload}
        >
          {!downloading && <Download aria-hidden="true" className="size-4" />}
          <span className="sr-only sm:not-sr-only">Download</span>
        </Button>
        {file.webUrl && (
          <a
            href={file.webUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open ${file.name} in a new tab`}
            className={buttonClasses('ghost', 'sm')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        )}
      </div>
    </li>
  );
}
