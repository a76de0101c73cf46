import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn.ts';

/**
 * A badge in colours the shared Badge has no tone for (priorities, risk levels, severities).
 * `colors` carries the background, text and ring classes; nothing else sets them.
 */
export function Pill({
  colors,
  className,
  children,
}: {
  colors: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        colors,
        className,
      )}
    >
      {children}
    </span>
  );
}
