import { X } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { parseFloatOrZero } from '../lib/thesis-draft.ts';
import { NumberInput } from './draft-inputs.tsx';

/** The attributes of every 0–1 weight and fraction field (spec 02 §5). */
export const FRACTION_INPUT = { min: 0, max: 1, step: 0.01 } as const;

/** A 0–1 field's value outside 0–1; said as it is typed, not only when the save is refused. */
export const outOfFraction = (value: number) => value < 0 || value > 1;

/** True for typed text that reads as a number outside 0–1 (an empty field is not yet an error). */
export const fractionTextOutOfRange = (text: string) =>
  text.trim() !== '' && outOfFraction(parseFloatOrZero(text));

export const FRACTION_RANGE_MESSAGE = 'Must be between 0 and 1';

export function FractionRangeError({ id }: { id?: string }) {
  return (
    <p id={id} role="alert" className="mt-1 text-xs font-medium text-red-600">
      {FRACTION_RANGE_MESSAGE}
    </p>
  );
}

export function WeightInput({
  label,
  value,
  onValueChange,
  className = 'w-24',
}: {
  label: string;
  value: number;
  onValueChange: (value: number) => void;
  /** Sizes the field (the input itself always fills it). */
  className?: string;
}) {
  const outOfRange = outOfFraction(value);
  const errorId = useId();
  return (
    <div className={cn('shrink-0', className)}>
      <NumberInput
        aria-label={label}
        aria-invalid={outOfRange || undefined}
        aria-describedby={outOfRange ? errorId : undefined}
        {...FRACTION_INPUT}
        value={value}
        parse={parseFloatOrZero}
        onValueChange={onValueChange}
      />
      {outOfRange && <FractionRangeError id={errorId} />}
    </div>
  );
}

/** How much a weight counts, as a thin bar. */
export function WeightBar({ value }: { value: number }) {
  const width = Math.max(0, Math.min(1, value)) * 100;
  return (
    <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100">
      <div className="h-full rounded-full bg-indigo-500" style={{ width: `${width}%` }} />
    </div>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn(
        // Read-only (a member's view): nothing to remove, so no cross.
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-red-50 hover:text-red-600 disabled:hidden',
        focusRing,
      )}
      onClick={onClick}
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}
