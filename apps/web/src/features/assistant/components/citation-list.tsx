import type { TCitation } from '@atempo/contracts';
import { ExternalLink, FileText } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '../../../components/ui/cn.ts';
import { TextLink, textLinkClasses } from '../../../components/ui/text-link.tsx';
import { formatDate } from '../../../lib/format.ts';
import { documentDownloadPath, openDocument } from '../../documents/index.ts';
import { formatConfidence } from '../lib/chat-entry.ts';
import { citationTarget } from '../lib/citation-target.ts';

function CitationSource({ citation }: { citation: TCitation }) {
  const target = citationTarget(citation);
  if (target.kind === 'page') {
    return (
      <span className="inline-flex flex-wrap items-baseline gap-x-2">
        <TextLink to={target.to} aria-label={`${target.label}: ${citation.source}`}>
          {citation.source}
        </TextLink>
        {target.articleUrl && (
          <a
            href={target.articleUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Source article: ${citation.source}`}
            className={cn(textLinkClasses, 'inline-flex items-center gap-1 text-xs')}
          >
            Source article
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </a>
        )}
      </span>
    );
  }
  if (target.kind === 'document') {
    const open = () =>
      void openDocument(documentDownloadPath(target.documentId), citation.source).catch((error: unknown) =>
        toast.error(error instanceof Error ? error.message : 'The document could not be opened.'),
      );
    return (
      <button
        type="button"
        onClick={open}
        aria-label={`Open document: ${citation.source}`}
        className={cn(textLinkClasses, 'inline-flex items-center gap-1 text-left')}
      >
        <FileText aria-hidden="true" className="size-3.5 shrink-0" />
        {citation.source}
        <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
      </button>
    );
  }
  return <span className="font-medium text-slate-800">{citation.source}</span>;
}

/** The sources an answer relies on, each with the words or figures it took from them. */
export function CitationList({ citations }: { citations: TCitation[] }) {
  if (citations.length === 0) return <p className="text-slate-500">No sources cited.</p>;
  return (
    <ol aria-label="Citations" className="space-y-2">
      {citations.map((citation, index) => (
        <li
          // Citations have no id; the same source may be cited for two figures.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once answered
          key={index}
          className="rounded-lg border border-slate-200 bg-white px-3 py-2"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <CitationSource citation={citation} />
            <span className="text-xs text-slate-500 tabular-nums">
              Relevance {formatConfidence(citation.relevance)}
              {citation.date && ` · ${formatDate(citation.date)}`}
            </span>
          </div>
          {citation.target.location && <p className="text-xs text-slate-500">{citation.target.location}</p>}
          {citation.content_excerpt && (
            <blockquote className="mt-1 border-l-2 border-slate-200 pl-2 whitespace-pre-line text-slate-600">
              {citation.content_excerpt}
            </blockquote>
          )}
        </li>
      ))}
    </ol>
  );
}
