import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
}

export function Checkbox({ label, className, ...props }: CheckboxProps) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-700 select-none">
          {label}
        </label>
      </div>
    </div>
  );
}
