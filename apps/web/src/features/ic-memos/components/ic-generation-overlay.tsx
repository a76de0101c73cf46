import { IC_GENERATION_MESSAGE_MS, IC_GENERATION_MESSAGES } from '@atempo/contracts';
import { Sparkles } from 'lucide-react';
import { createPortal } from 'react-dom';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCyclingMessage } from '../hooks/use-cycling-message.ts';

/**
 * The progress overlay while IC materials are generated (spec 02 §2): the seven messages in turn,
 * one every 7 s. It covers the whole window, above any open panel, and announces each message.
 */
export function IcGenerationOverlay({ open, company }: { open: boolean; company: string }) {
  const message = useCyclingMessage(IC_GENERATION_MESSAGES, IC_GENERATION_MESSAGE_MS, open);
  if (!open) return null;
  const step = IC_GENERATION_MESSAGES.indexOf(message as (typeof IC_GENERATION_MESSAGES)[number]);
  return createPortal(
    <div
      data-testid="ic-generation-overlay"
      aria-busy="true"
      className="pointer-events-auto fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/50 p-4 backdrop-blur-[2px]"
    >
      <div className="w-full max-w-sm rounded-xl bg-white px-6 py-6 text-center shadow-2xl">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <Sparkles aria-hidden="true" className="size-6" />
        </div>
        <h2 className="mt-3 text-base font-semibold text-slate-900">Preparing IC materials</h2>
        <p className="truncate text-sm text-slate-500">{company}</p>
        <div className="mt-4 flex items-center justify-center gap-2 text-indigo-700">
          <Spinner size="sm" decorative />
          <p role="status" aria-live="polite" className="text-sm font-medium">
            {message}
          </p>
        </div>
        <ol aria-hidden="true" className="mt-4 flex justify-center gap-1.5">
          {IC_GENERATION_MESSAGES.map((text, index) => (
            <li
              key={text}
              className={cn('h-1.5 w-6 rounded-full', index <= step ? 'bg-indigo-500' : 'bg-slate-200')}
            />
          ))}
        </ol>
        <p className="mt-4 text-xs text-slate-500">This usually takes 10–15 seconds.</p>
      </div>
    </div>,
    document.body,
  );
}
