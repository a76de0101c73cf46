import type { TFigureSource } from '@atempo/contracts';
import { useId, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';

/**
 * A figure's source ('page 3', 'P&L!C14') as a button that shows the words around the figure, as
 * the document wrote them, so a lender can check it without opening the file.
 */
export function SourceExcerpt({ source, documentName }: { source: TFigureSource; documentName?: string }) {
  const [open, setOpen] = useState(false);
  const excerptId = useId();
  return (
    <div className="min-w-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={excerptId}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'rounded-sm text-left text-xs font-medium text-indigo-700 underline decoration-dotted underline-offset-2 hover:text-indigo-900',
          focusRing,
        )}
      >
        {documentName ? `${documentName}, ${source.label}` : source.label}
      </button>
      {open && (
        <blockquote
          id={excerptId}
          className="mt-1 rounded-md border-l-2 border-indigo-300 bg-slate-50 px-2.5 py-1.5 text-xs whitespace-pre-line text-slate-700"
        >
          {source.excerpt || 'No excerpt was kept for this figure.'}
        </blockquote>
      )}
    </div>
  );
}
