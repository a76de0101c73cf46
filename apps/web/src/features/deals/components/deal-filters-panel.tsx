import type { TDealStage } from '@atempo/contracts';
import { Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import {
  type DealFilterInput,
  EMPTY_FILTERS,
  hasActiveFilters,
  type ParsedFilters,
} from '../lib/deal-filters.ts';
import { ALL_STAGES, STAGE_LABELS } from '../lib/deal-labels.ts';

/** Company search, stage, and the score range of spec 02 (0–10, step 0.1); all sent to the server. */
export function DealFiltersPanel({
  value,
  errors,
  onChange,
}: {
  value: DealFilterInput;
  errors: ParsedFilters['errors'];
  onChange: (value: DealFilterInput) => void;
}) {
  const set = (patch: Partial<DealFilterInput>) => onChange({ ...value, ...patch });
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some supported browsers
    <div role="search" aria-label="Filter deals" className="flex flex-wrap items-start gap-3">
      <Field label="Company" className="min-w-52 flex-1">
        {({ id }) => (
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              id={id}
              type="search"
              placeholder="Search by company..."
              value={value.q}
              onChange={(event) => set({ q: event.target.value })}
              className={cn(inputClasses, 'pl-9')}
            />
          </div>
        )}
      </Field>
      <Field label="Stage" className="w-44">
        {({ id }) => (
          <Select
            id={id}
            value={value.stage}
            onChange={(event) => set({ stage: event.target.value as TDealStage | '' })}
          >
            <option value="">All stages</option>
            {ALL_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {STAGE_LABELS[stage]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <ScoreInput
        label="Min score"
        value={value.minScore}
        error={errors.minScore}
        onChange={(minScore) => set({ minScore })}
      />
      <ScoreInput
        label="Max score"
        value={value.maxScore}
        error={errors.maxScore}
        onChange={(maxScore) => set({ maxScore })}
      />
      {hasActiveFilters(value) && (
        <Button variant="ghost" className="mt-6.5" onClick={() => onChange(EMPTY_FILTERS)}>
          <X aria-hidden="true" className="size-4" />
          Clear
        </Button>
      )}
    </div>
  );
}

function ScoreInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error} className="w-32">
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          type="number"
          min={0}
          max={10}
          step={0.1}
          placeholder={label.startsWith('Min') ? '0' : '10'}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
