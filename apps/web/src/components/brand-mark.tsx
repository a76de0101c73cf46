import { cn } from './ui/cn.ts';

/** The Atempo mark: a rising tempo line in a rounded square. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M7 21.5 12.5 16l4 4L25 11.5"
        fill="none"
        stroke="white"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="11.5" r="2" className="fill-white" />
    </svg>
  );
}

export function BrandName({ className, dark = false }: { className?: string; dark?: boolean }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <BrandMark />
      <span className={cn('text-lg font-semibold tracking-tight', dark ? 'text-white' : 'text-slate-900')}>
        Atempo
      </span>
    </span>
  );
}
