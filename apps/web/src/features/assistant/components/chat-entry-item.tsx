import { AlertTriangle, ChevronDown } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ChatAnswerView, ChatEntry } from '../lib/chat-entry.ts';
import { AnswerDetails } from './answer-details.tsx';

// The Markdown renderer is most of the card's code: it loads with the first answer, not with the
// pages that show the card. Meanwhile the text shows as written.
const AnswerText = lazy(async () => ({ default: (await import('./answer-text.tsx')).AnswerText }));

function Note({ tone, children }: { tone: 'amber' | 'red'; children: ReactNode }) {
  return (
    <p
      className={cn(
        'mt-2 flex gap-1.5 rounded-md px-2 py-1.5 text-xs',
        tone === 'amber' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800',
      )}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function AnswerBubble({ view, failed }: { view: ChatAnswerView; failed: boolean }) {
  return (
    <div
      className={cn(
        'rounded-2xl rounded-bl-sm border px-3 py-2 text-sm',
        failed ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-white text-slate-800',
      )}
    >
      <Suspense fallback={<p className="whitespace-pre-line">{view.answer}</p>}>
        <AnswerText text={view.answer} />
      </Suspense>
      {view.fallbackReason && (
        <Note tone="amber">
          The configured AI model could not answer ({view.fallbackReason}); the built-in analyst answered
          instead.
        </Note>
      )}
      {view.unsupportedFigures.length > 0 && (
        <Note tone="red">
          Not found in your data, check before relying on them: {view.unsupportedFigures.join(', ')}
        </Note>
      )}
    </div>
  );
}

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
      {/* Exists from the moment the question is sent, so the arrival of the answer is announced. */}
      <div aria-live="polite">
        {entry.status === 'pending' ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner size="sm" decorative className="text-indigo-600" />
            Analysing your data…
          </p>
        ) : (
          <AnswerBubble view={entry.view} failed={entry.status === 'error'} />
        )}
      </div>
      {entry.status !== 'pending' && (
        <div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
            className={cn(
              'inline-flex items-center gap-1 rounded text-xs font-medium text-indigo-700 hover:text-indigo-800',
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
