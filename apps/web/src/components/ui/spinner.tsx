import { LoaderCircle } from 'lucide-react';
import { cn } from './cn.ts';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  label?: string;
  /** Inside a control that already announces itself (a busy button), the spinner stays silent. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  const icon = (
    <LoaderCircle aria-hidden="true" className={cn('animate-spin text-current', sizes[size], className)} />
  );
  if (decorative) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}

/** Centred spinner for a whole screen while something it depends on resolves. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 text-indigo-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}
