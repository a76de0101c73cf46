import { AlertTriangle, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ChatEntry } from '../lib/chat-entry.ts';
import { AnswerDetails } from './answer-details.tsx';

/** One question and its answer (spec 01 §4 chat entry: loading, then answered, or error). */
export function ChatEntryItem({
  entry,
  onAsk,
  askDisabled,
}: {
  entry: ChatEntry;
  onAsk: (question: string) => void;
  askDisabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <article aria-label={`Question: ${entry.question}`} className="space-y-2">
      <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm whitespace-pre-line text-white">
        {entry.question}
      </p>
      {entry.status === 'pending' ? (
        <div className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner size="sm" decorative className="text-indigo-600" />
          Analysing your data…
        </div>
      ) : (
        <div
          className={cn(
            'rounded-2xl rounded-bl-sm border px-3 py-2 text-sm',
            entry.status === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-white',
          )}
        >
          <p className={cn('whitespace-pre-line', entry.status === 'answered' && 'text-slate-900')}>
            {entry.view.answer}
          </p>
          {entry.view.fallbackReason && (
            <p className="mt-2 flex gap-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span>
                The configured AI model could not answer ({entry.view.fallbackReason}); the built-in analyst
                answered instead.
              </span>
            </p>
          )}
          {entry.view.unsupportedFigures.length > 0 && (
            <p className="mt-2 flex gap-1.5 rounded-md bg-red-50 px-2 py-1.5 text-xs text-red-800">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span>
                Not found in your data, check before relying on them:{' '}
                {entry.view.unsupportedFigures.join(', ')}
              </span>
            </p>
          )}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
            className={cn(
              'mt-2 inline-flex items-center gap-1 rounded text-xs font-medium text-indigo-700 hover:text-indigo-800',
              focusRing,
            )}
          >
            {open ? 'Hide details' : 'Show details'}
            <ChevronDown
              aria-hidden="true"
              className={cn('size-3.5 transition-transform', open && 'rotate-180')}
            />
          </button>
          <div id={detailsId} hidden={!open}>
            {open && <AnswerDetails view={entry.view} onAsk={onAsk} askDisabled={askDisabled} />}
          </div>
        </div>
      )}
    </article>
  );
}
