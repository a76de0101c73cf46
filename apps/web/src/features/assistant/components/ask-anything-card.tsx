import { CHAT_QUERY_MAX_CHARS } from '@atempo/contracts';
import { Send, Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { useAskAnything } from '../hooks/use-ask-anything.ts';
import { suggestedPrompts } from '../lib/suggested-prompts.ts';
import { ChatEntryItem } from './chat-entry-item.tsx';

export interface AskAnythingCardProps {
  /** With deal context (the deal side panel, the intelligence page), questions are about this deal. */
  deal?: { id: string; company: string };
  /** The card's heading level: h2 on a page, h3 inside a panel. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** Spec 01 Ask Anything assistant: a question box, suggested prompts and the answers, newest first. */
export function AskAnythingCard({ deal, headingLevel: Heading = 'h2', className }: AskAnythingCardProps) {
  const { entries, ask, isPending } = useAskAnything(deal?.id);
  const [question, setQuestion] = useState('');
  const ids = useId();
  const headingId = `${ids}-heading`;
  const inputId = `${ids}-question`;
  const hintId = `${ids}-hint`;
  const blank = question.trim() === '';

  function send(text: string) {
    if (ask(text)) setQuestion('');
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(question);
  }
  // Enter sends, Shift+Enter starts a new line (as in any chat box).
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send(question);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col rounded-xl border border-slate-200 bg-white shadow-xs', className)}
    >
      <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4">
        <span aria-hidden="true" className="rounded-lg bg-indigo-50 p-2 text-indigo-600">
          <Sparkles className="size-4" />
        </span>
        <div className="min-w-0">
          <Heading id={headingId} className="text-base font-semibold text-slate-900">
            Ask Anything
          </Heading>
          <p className="text-sm text-slate-500">
            {deal
              ? `Questions about ${deal.company}, answered from this deal's data and documents.`
              : 'Questions about your pipeline, answered from your deals, companies and documents.'}
          </p>
        </div>
      </div>

      <div className="space-y-3 px-5 py-4">
        <form onSubmit={submit} className="space-y-2">
          <label htmlFor={inputId} className="sr-only">
            {deal ? `Ask a question about ${deal.company}` : 'Ask a question about your portfolio'}
          </label>
          <div className="flex items-end gap-2">
            <textarea
              id={inputId}
              rows={2}
              value={question}
              maxLength={CHAT_QUERY_MAX_CHARS}
              onChange={(event) => setQuestion(event.target.value)}
              onKeyDown={onKeyDown}
              aria-describedby={hintId}
              placeholder={
                deal ? `Ask about ${deal.company}…` : 'Ask about your deals, companies or documents…'
              }
              className={cn(
                'min-h-10 flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500',
                focusRing,
              )}
            />
            <Button type="submit" disabled={blank || isPending} busy={isPending} aria-label="Ask">
              {!isPending && <Send aria-hidden="true" className="size-4" />}
            </Button>
          </div>
          <p id={hintId} className="text-xs text-slate-500">
            Enter to send, Shift+Enter for a new line. Every figure comes with its source.
          </p>
        </form>

        <div>
          <p className="mb-1.5 text-xs font-medium text-slate-500">Suggested questions</p>
          <ul className="flex flex-col gap-1.5">
            {suggestedPrompts(Boolean(deal)).map((prompt) => (
              <li key={prompt}>
                <button
                  type="button"
                  disabled={isPending}
                  onClick={() => ask(prompt)}
                  className={cn(
                    'w-full rounded-lg border border-slate-200 bg-slate-50 px-3 py-1.5 text-left text-sm text-slate-700 hover:border-indigo-200 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60',
                    focusRing,
                  )}
                >
                  {prompt}
                </button>
              </li>
            ))}
          </ul>
        </div>

        {entries.length > 0 && (
          <div
            aria-label="Answers"
            role="feed"
            aria-busy={isPending}
            className="space-y-4 border-t border-slate-100 pt-4"
          >
            {entries.map((entry) => (
              <ChatEntryItem key={entry.id} entry={entry} onAsk={ask} askDisabled={isPending} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
