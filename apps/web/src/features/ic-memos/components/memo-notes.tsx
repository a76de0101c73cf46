import type { TIcMemoFootnote } from '@atempo/contracts';
import { ExternalLink, FileText } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../../components/ui/cn.ts';
import { TextLink, textLinkClasses } from '../../../components/ui/text-link.tsx';
import { formatDate } from '../../../lib/format.ts';
import { citationTarget } from '../../assistant/index.ts';
import { documentDownloadPath, openDocument } from '../../documents/index.ts';

/**
 * The notes of one memo (or package) and the note a citation marker last led to. `showNote`
 * scrolls to the note and focuses it, so the keyboard follows the reader. Notes are named
 * `ic-note-{key}-{n}`; without a key (a package with no stored memo) the key is made up.
 */
export function useMemoNotes(key?: string) {
  const generated = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const prefix = `ic-note-${key ?? generated}`;
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const showNote = (n: number) => {
    setHighlighted(n);
    const element = document.getElementById(`${prefix}-${n}`);
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  };
  return { prefix, highlighted, showNote };
}

/** The numbered notes, each leading to its source: the deal page, or the document opened. */
export function MemoNotes({
  footnotes,
  prefix,
  highlighted,
}: {
  footnotes: TIcMemoFootnote[];
  prefix: string;
  highlighted: number | null;
}) {
  if (footnotes.length === 0) return null;
  const notes = footnotes.slice().sort((a, b) => a.n - b.n);
  return (
    <section aria-labelledby={`${prefix}-heading`} className="mt-2 rounded-lg bg-slate-50 px-4 py-3">
      <h3 id={`${prefix}-heading`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Notes
      </h3>
      <ol className="mt-2 space-y-2">
        {notes.map((note) => (
          <li
            key={note.n}
            id={`${prefix}-${note.n}`}
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
