import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from './cn.ts';
import { Field } from './field.tsx';
import { focusRing } from './focus.ts';
import { Input, type InputProps } from './input.tsx';

export interface PasswordFieldProps extends Omit<InputProps, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  labelAside?: ReactNode;
  /** The toggle's names, for a secret that is not a password (an API key). */
  toggleLabels?: { show: string; hide: string };
}

const PASSWORD_TOGGLE = { show: 'Show password', hide: 'Hide password' };

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  hint,
  error,
  labelAside,
  toggleLabels = PASSWORD_TOGGLE,
  required,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <Input
            id={id}
            type={visible ? 'text' : 'password'}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            required={required}
            className={cn('pr-10', className)}
            {...inputProps}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? toggleLabels.hide : toggleLabels.show}
            aria-pressed={visible}
            className={cn(
              'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600',
              focusRing,
            )}
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
