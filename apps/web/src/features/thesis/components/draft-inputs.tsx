import { useEffect, useState } from 'react';
import { Input, type InputProps } from '../../../components/ui/input.tsx';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: number;
  /** Text → number; decides what an empty or unreadable entry means (0, 18…). */
  parse: (text: string) => number;
  onValueChange: (value: number) => void;
}

/**
 * A number field that keeps what the person typed ('0.', '') while reporting the parsed number,
 * and shows the new value when it is changed from outside.
 */
export function NumberInput({ value, parse, onValueChange, ...props }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((current) => (parse(current) === value ? current : String(value)));
  }, [value, parse]);
  return (
    <Input
      type="number"
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onValueChange(parse(event.target.value));
      }}
      {...props}
    />
  );
}

export interface ListInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string[];
  parse: (text: string) => string[];
  onValueChange: (value: string[]) => void;
}

/** A comma-separated list in one text field, kept as typed while editing. */
export function ListInput({ value, parse, onValueChange, ...props }: ListInputProps) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    setText((current) =>
      parse(current).join('\u0000') === value.join('\u0000') ? current : value.join(', '),
    );
  }, [value, parse]);
  return (
    <Input
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onValueChange(parse(event.target.value));
      }}
      {...props}
    />
  );
}
