import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';

const tones = {
  neutral: 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
  accent: 'text-slate-400 hover:bg-indigo-50 hover:text-indigo-600',
  danger: 'text-slate-400 hover:bg-red-50 hover:text-red-600',
} as const;

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Names the action for assistive technology; the icon alone shows it. */
  'aria-label': string;
  tone?: keyof typeof tones;
}

/** A compact, icon-only row action. */
export function IconButton({ tone = 'neutral', className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        focusRing,
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
