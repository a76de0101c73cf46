import { ChevronDown } from 'lucide-react';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export const selectClasses =
  'block h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 shadow-xs focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  children: ReactNode;
  /** The native select, for form libraries that read it (react-hook-form's register). */
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (keyboard and screen-reader behaviour for free) with the app's look. */
export function Select({ className, children, ref, ...props }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select ref={ref} className={selectClasses} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
      />
    </div>
  );
}
