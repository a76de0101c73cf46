import type { TImportOnExisting, TImportResult, TImportRowAction } from '@atempo/contracts';
import { cn } from '../ui/cn.ts';
import { RadioGroup } from '../ui/radio-group.tsx';

/**
 * What the deal and company imports share: the choice for rows that match an existing record,
 * the new / updated / unchanged / skipped counts, and each row's action.
 */

/** The dialogs start on update: the preview shows what would change before anything is written. */
export const DEFAULT_ON_EXISTING: TImportOnExisting = 'update';

export const ACTION_LABELS: Record<TImportRowAction, string> = {
  new: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
  skip: 'Skip',
};

const ACTION_TONES: Record<TImportRowAction, string> = {
  new: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  update: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  unchanged: 'bg-slate-50 text-slate-700 ring-slate-200',
  skip: 'bg-amber-50 text-amber-900 ring-amber-200',
};

export function ActionPill({ action }: { action: TImportRowAction }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        ACTION_TONES[action],
      )}
    >
      {ACTION_LABELS[action]}
    </span>
  );
}

export function OnExistingChoice({
  value,
  onChange,
  noun,
  disabled,
}: {
  value: TImportOnExisting;
  onChange: (value: TImportOnExisting) => void;
  /** 'deal' or 'company' */
  noun: string;
  disabled?: boolean;
}) {
  return (
    <RadioGroup
      legend={`Rows that match an existing ${noun}`}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={[
        { value: 'update', label: 'Update existing', description: 'Write the file’s values over theirs' },
        { value: 'skip', label: 'Skip existing', description: 'Leave them as they are' },
      ]}
    />
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '2 new deals, 1 updated, 3 unchanged, 0 skipped'; a preview says '1 to update', '0 to skip'. */
export function importSummary(result: TImportResult, one: string, many: string): string {
  return [
    plural(result.new_rows, `new ${one}`, `new ${many}`),
    `${result.updated_rows} ${result.dry_run ? 'to update' : 'updated'}`,
    `${result.unchanged_rows} unchanged`,
    `${result.skipped_rows} ${result.dry_run ? 'to skip' : 'skipped'}`,
  ].join(', ');
}

/** The counts of a preview or import, by action, and the rows with errors. */
export function ImportCounts({ result }: { result: TImportResult }) {
  const counts: [string, number, string][] = [
    ['New', result.new_rows, 'text-emerald-700'],
    [result.dry_run ? 'To update' : 'Updated', result.updated_rows, 'text-indigo-700'],
    ['Unchanged', result.unchanged_rows, 'text-slate-900'],
    [result.dry_run ? 'To skip' : 'Skipped', result.skipped_rows, 'text-amber-800'],
    ['With errors', result.invalid_rows, result.invalid_rows ? 'text-red-700' : 'text-slate-900'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Rows by action">
      {counts.map(([label, value, tone]) => (
        <div key={label} className="rounded-lg border border-slate-200 px-3 py-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className={cn('text-xl font-semibold tabular-nums', tone)}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
