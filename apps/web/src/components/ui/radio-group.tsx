import { type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
  description?: ReactNode;
}

/** A labelled group of radio buttons (a fieldset, so the legend is read with each option). */
export function RadioGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  disabled,
  className,
}: {
  legend: ReactNode;
  options: readonly RadioOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('space-y-2', className)} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-2">
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={option.description ? `${id}-description` : undefined}
                className="mt-0.5 size-4 accent-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
              />
              <span className="text-sm">
                <label htmlFor={id} className="font-medium text-slate-800">
                  {option.label}
                </label>
                {option.description && (
                  <span id={`${id}-description`} className="block text-xs text-slate-600">
                    {option.description}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
