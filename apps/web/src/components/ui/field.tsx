import { type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

export interface FieldIds {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown to the right of the label (e.g. a 'Forgot password?' link). */
  labelAside?: ReactNode;
  className?: string;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (ids: FieldIds) => ReactNode;
}

/** A label, a control, and the hint or error under it, all linked for assistive technology. */
/**
 * Fields are required unless their label says '(optional)', the convention of the sign-in forms,
 * so labels carry no asterisks.
 */
export function Field({ label, hint, error, labelAside, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
