import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { FUNDING_DAYS, type FundingPeriod } from '../api/funding-api.ts';

/**
 * The period the Live Funding Signals list shows: the default last days until the user picks dates;
 * imported histories reach back years, so any from–to range can be browsed.
 */
export function useFundingPeriod() {
  const [draft, setDraft] = useState<FundingPeriod>({ from: '', to: '' });
  const invalid = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const applied: FundingPeriod | null = !invalid && (draft.from || draft.to) ? draft : null;
  const set = setDraft;
  const describe = ({ from, to }: FundingPeriod) =>
    from && to ? `from ${from} to ${to}` : from ? `since ${from}` : `until ${to}`;
  return { draft, set, invalid, applied, describe };
}

export type FundingPeriodState = ReturnType<typeof useFundingPeriod>;

export function FundingPeriodPicker({ period }: { period: FundingPeriodState }) {
  const { draft, set, invalid } = period;
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 px-4 py-3 sm:px-6">
      <TextField
        label="Announced from"
        type="date"
        value={draft.from}
        max={draft.to || undefined}
        onChange={(event) => set({ ...draft, from: event.target.value })}
        fieldClassName="w-40"
      />
      <TextField
        label="Announced to"
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        error={invalid ? '"Announced to" must be on or after "Announced from"' : undefined}
        onChange={(event) => set({ ...draft, to: event.target.value })}
        fieldClassName="w-40"
      />
      {(draft.from || draft.to) && (
        <Button variant="secondary" size="sm" onClick={() => set({ from: '', to: '' })}>
          Back to the last {FUNDING_DAYS} days
        </Button>
      )}
    </div>
  );
}
