import { X } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { parseFloatOrZero } from '../lib/thesis-draft.ts';
import { NumberInput } from './draft-inputs.tsx';

/** The attributes of every 0–1 weight and fraction field (spec 02 §5). */
export const FRACTION_INPUT = { min: 0, max: 1, step: 0.01 } as const;

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
  const outOfRange = value < 0 || value > 1;
  return (
    <div className={cn('shrink-0', className)}>
      <NumberInput
        aria-label={label}
        aria-invalid={outOfRange || undefined}
        title={outOfRange ? 'Between 0 and 1' : undefined}
        {...FRACTION_INPUT}
        value={value}
        parse={parseFloatOrZero}
        onValueChange={onValueChange}
      />
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
