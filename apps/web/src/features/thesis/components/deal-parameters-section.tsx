import { Field } from '../../../components/ui/field.tsx';
import { formatEuroCompact } from '../../../lib/format/money.ts';
import { parseWholeOrZero } from '../lib/thesis-draft.ts';
import { NumberInput } from './draft-inputs.tsx';
import type { SectionProps } from './section-props.ts';
import { SettingsSection } from './settings-section.tsx';

export function DealParametersSection({ thesis, update }: SectionProps) {
  const [min, max] = thesis.deal_size_range;
  const setRange = (index: 0 | 1) => (value: number) =>
    update((current) => {
      const range: [number, number] = [...current.deal_size_range];
      range[index] = value;
      return { ...current, deal_size_range: range };
    });
  return (
    <SettingsSection title="Deal Parameters" description="The ticket sizes you lend, in euros.">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Minimum Deal Size (EUR)" hint={formatEuroCompact(min)}>
          {({ id, describedBy }) => (
            <NumberInput
              id={id}
              aria-describedby={describedBy}
              min={0}
              step={1}
              inputMode="numeric"
              value={min}
              parse={parseWholeOrZero}
              onValueChange={setRange(0)}
            />
          )}
        </Field>
        <Field
          label="Maximum Deal Size (EUR)"
          hint={formatEuroCompact(max)}
          error={min > max ? 'The maximum is below the minimum' : undefined}
        >
          {({ id, describedBy, invalid }) => (
            <NumberInput
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              min={0}
              step={1}
              inputMode="numeric"
              value={max}
              parse={parseWholeOrZero}
              onValueChange={setRange(1)}
            />
          )}
        </Field>
      </div>
    </SettingsSection>
  );
}
