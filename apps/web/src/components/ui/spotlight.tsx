import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

interface SpotlightProps {
  /** Names the region and heads it ("Funding round from your search"). */
  title: string;
  /** True once the item has loaded: the spotlight then scrolls into view and takes focus. */
  ready: boolean;
  onDismiss: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * The item a link pointed at (a search result), shown ahead of the list it belongs to:
 * highlighted, scrolled into view under the sticky top bar, and dismissible.
 */
export function Spotlight({ title, ready, onDismiss, children, className }: SpotlightProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!ready) return;
    ref.current?.scrollIntoView({ block: 'start' });
    // Screen readers land on it too; the ring below is the visible cue, not a focus outline.
    ref.current?.focus({ preventScroll: true });
  }, [ready]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label={title}
      className={cn(
        'scroll-mt-20 overflow-hidden rounded-xl border border-indigo-300 bg-white shadow-sm ring-4 ring-indigo-100 outline-none',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-indigo-100 bg-indigo-50 px-6 py-2">
        <h2 className="text-xs font-semibold tracking-wide text-indigo-800 uppercase">{title}</h2>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          <X aria-hidden="true" className="size-3.5" />
          Dismiss
        </Button>
      </div>
      {children}
    </section>
  );
}
