import type { TIcMemo } from '@atempo/contracts';
import { memoSections } from '../lib/memo-markdown.ts';
import { MemoMarkdown } from './memo-markdown.tsx';
import { MemoNotes, useMemoNotes } from './memo-notes.tsx';

/**
 * The memo as the committee reads it: each section under its title, figures with their note
 * numbers; a note number leads to its note, and a note to its source (the deal, the document).
 */
export function IcMemoView({ memo }: { memo: TIcMemo }) {
  const notes = useMemoNotes(memo.id);
  return (
    <article aria-label={`IC memo version ${memo.version}`} className="text-sm break-words text-slate-700">
      {memoSections(memo).map((section) => (
        <section key={section.key} className="border-b border-slate-100 py-4 first:pt-0 last:border-b-0">
          {section.title && <h3 className="text-base font-semibold text-slate-900">{section.title}</h3>}
          <MemoMarkdown markdown={section.markdown} onCitation={notes.showNote} />
        </section>
      ))}
      <MemoNotes footnotes={memo.footnotes} prefix={notes.prefix} highlighted={notes.highlighted} />
    </article>
  );
}
