import type { ReactNode } from 'react';
import { Field } from './field.tsx';
import { Input, type InputProps } from './input.tsx';

export interface TextFieldProps extends Omit<InputProps, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  labelAside?: ReactNode;
  fieldClassName?: string;
}

export function TextField({
  label,
  hint,
  error,
  labelAside,
  fieldClassName,
  required,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside} className={fieldClassName}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          required={required}
          {...inputProps}
        />
      )}
    </Field>
  );
}
