import { cn } from './cn.ts';

/** A circle with a person's initials; decorative, the name is always shown beside it. */
export function Avatar({ text, className }: { text: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {text}
    </span>
  );
}
