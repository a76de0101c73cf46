import type { TIcMemo, TIcMemoFootnote } from '@atempo/contracts';
import { ExternalLink, FileText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { toast } from 'sonner';
import { cn } from '../../../components/ui/cn.ts';
import { TextLink, textLinkClasses } from '../../../components/ui/text-link.tsx';
import { formatDate } from '../../../lib/format.ts';
import { citationTarget } from '../../assistant/lib/citation-target.ts';
import { documentDownloadPath } from '../../documents/api/documents-api.ts';
import { openDocument } from '../../documents/lib/open-document.ts';
import { memoSections, noteNumberOf } from '../lib/memo-markdown.ts';

const noteElementId = (memoId: string, n: number) => `ic-note-${memoId}-${n}`;

function markdownComponents(onCitation: (n: number) => void): Components {
  return {
    h1: ({ children }) => <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{children}</h4>,
    h2: ({ children }) => <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-900">{children}</h4>,
    h3: ({ children }) => <h4 className="mt-3 mb-1 text-sm font-semibold text-slate-900">{children}</h4>,
    h4: ({ children }) => <h5 className="mt-3 mb-1 text-sm font-semibold text-slate-800">{children}</h5>,
    p: ({ children }) => <p className="my-2 leading-relaxed">{children}</p>,
    ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
    ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
    strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
    code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-xs">{children}</code>,
    blockquote: ({ children }) => (
      <blockquote className="my-2 border-l-2 border-slate-200 pl-3 text-slate-600">{children}</blockquote>
    ),
    a: ({ children, href }) => {
      const n = noteNumberOf(href);
      if (n !== null) {
        return (
          <button
            type="button"
            onClick={() => onCitation(n)}
            aria-label={`Note ${n}`}
            className={cn(textLinkClasses, 'align-super text-[0.7rem] leading-none')}
          >
            [{n}]
          </button>
        );
      }
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={textLinkClasses}>
          {children}
        </a>
      );
    },
    table: ({ children }) => (
      <div className="my-3 overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table className="min-w-full text-left text-sm tabular-nums">{children}</table>
      </div>
    ),
    th: ({ children, style }) => (
      <th
        style={style}
        className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 font-semibold text-slate-700"
      >
        {children}
      </th>
    ),
    td: ({ children, style }) => (
      <td style={style} className="border-b border-slate-100 px-3 py-1.5">
        {children}
      </td>
    ),
  };
}

/**
 * The memo as the committee reads it: each section under its title, figures with their note
 * numbers; a note number leads to its note, and a note to its source (the deal, the document).
 * Markdown is rendered as elements, never as HTML.
 */
export function IcMemoView({ memo }: { memo: TIcMemo }) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const showNote = (n: number) => {
    setHighlighted(n);
    const element = document.getElementById(noteElementId(memo.id, n));
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  };
  const components = markdownComponents(showNote);
  return (
    <article aria-label={`IC memo version ${memo.version}`} className="text-sm break-words text-slate-700">
      {memoSections(memo).map((section) => (
        <section key={section.key} className="border-b border-slate-100 py-4 first:pt-0 last:border-b-0">
          {section.title && <h3 className="text-base font-semibold text-slate-900">{section.title}</h3>}
          <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
            {section.markdown}
          </Markdown>
        </section>
      ))}
      <Notes memo={memo} highlighted={highlighted} />
    </article>
  );
}

function Notes({ memo, highlighted }: { memo: TIcMemo; highlighted: number | null }) {
  if (memo.footnotes.length === 0) return null;
  const notes = memo.footnotes.slice().sort((a, b) => a.n - b.n);
  return (
    <section aria-labelledby={`${memo.id}-notes`} className="mt-2 rounded-lg bg-slate-50 px-4 py-3">
      <h3 id={`${memo.id}-notes`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Notes
      </h3>
      <ol className="mt-2 space-y-2">
        {notes.map((note) => (
          <li
            key={note.n}
            id={noteElementId(memo.id, note.n)}
            tabIndex={-1}
            className={cn(
              'rounded-md px-2 py-1.5 text-xs text-slate-600 transition-colors focus:outline-none',
              highlighted === note.n && 'bg-amber-50 ring-1 ring-amber-300',
            )}
          >
            <span className="mr-1.5 font-semibold text-slate-800 tabular-nums">[{note.n}]</span>
            <NoteSource note={note} />
            {note.target.location && !note.source.includes(note.target.location) && (
              <span>, {note.target.location}</span>
            )}
            {note.date && <span className="text-slate-500"> · {formatDate(note.date)}</span>}
            {note.content_excerpt && (
              <blockquote className="mt-0.5 border-l-2 border-slate-200 pl-2 whitespace-pre-line">
                {note.content_excerpt}
              </blockquote>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function NoteSource({ note }: { note: TIcMemoFootnote }): ReactNode {
  const target = citationTarget(note);
  if (target.kind === 'page') {
    return (
      <TextLink to={target.to} aria-label={`${target.label}: ${note.source}`}>
        {note.source}
      </TextLink>
    );
  }
  if (target.kind === 'document') {
    const open = () =>
      void openDocument(documentDownloadPath(target.documentId), note.source).catch((error: unknown) =>
        toast.error(error instanceof Error ? error.message : 'The document could not be opened.'),
      );
    return (
      <button
        type="button"
        onClick={open}
        aria-label={`Open document: ${note.source}`}
        className={cn(textLinkClasses, 'inline-flex items-center gap-1 text-left')}
      >
        <FileText aria-hidden="true" className="size-3.5 shrink-0" />
        {note.source}
        <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
      </button>
    );
  }
  return <span className="font-medium text-slate-800">{note.source}</span>;
}
