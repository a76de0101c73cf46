import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import {
  type ChatAnswerView,
  engineName,
  formatProcessingTime,
  RESPONSE_TYPE_LABELS,
} from '../lib/chat-entry.ts';
import { CitationList } from './citation-list.tsx';
import { ConfidenceBadge } from './confidence-badge.tsx';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <dt className="w-28 shrink-0 text-slate-500">{term}</dt>
      <dd className="min-w-0 flex-1 text-slate-800">{children}</dd>
    </div>
  );
}

/** Spec 01 §2: what stands under Show details: how sure, how made, from which sources. */
export function AnswerDetails({
  view,
  onAsk,
  askDisabled,
}: {
  view: ChatAnswerView;
  onAsk: (question: string) => void;
  askDisabled: boolean;
}) {
  return (
    <div className="mt-3 space-y-4 rounded-lg bg-slate-50 p-3 text-sm">
      <dl className="space-y-1.5">
        <Detail term="Confidence">
          <ConfidenceBadge confidence={view.confidence} />
        </Detail>
        <Detail term="Response type">{RESPONSE_TYPE_LABELS[view.responseType]}</Detail>
        <Detail term="Processing time">
          <span className="tabular-nums">{formatProcessingTime(view.processingTime)}</span>
        </Detail>
        <Detail term="Tools used">
          {view.toolsUsed === 0 ? (
            'None'
          ) : (
            <span className="flex flex-wrap items-center gap-1">
              <span className="tabular-nums">{view.toolsUsed}:</span>
              {view.toolNamesUsed.map((name) => (
                <code
                  key={name}
                  className="rounded bg-white px-1 py-0.5 font-mono text-xs ring-1 ring-slate-200"
                >
                  {name}
                </code>
              ))}
            </span>
          )}
        </Detail>
        {view.engine && <Detail term="Engine">{engineName(view.engine)}</Detail>}
      </dl>

      <section aria-label="Sources">
        <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">Citations</h4>
        <CitationList citations={view.citations} />
      </section>

      {view.relatedQueries.length > 0 && (
        <section aria-label="Related questions">
          <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Related questions
          </h4>
          <ul className="flex flex-wrap gap-1.5">
            {view.relatedQueries.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  disabled={askDisabled}
                  onClick={() => onAsk(question)}
                  className={cn(
                    'rounded-full border border-indigo-200 bg-white px-2.5 py-1 text-left text-xs text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60',
                    focusRing,
                  )}
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
