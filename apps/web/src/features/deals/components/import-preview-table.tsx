import type { TImportResult, TImportRowResult } from '@atempo/contracts';
import { ActionPill } from '../../../components/import/import-outcome.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { humanize } from '../../../lib/humanize.ts';

/** Rows beyond this are counted, not drawn: a 10,000-row file must not freeze the dialog. */
export const PREVIEW_ROW_LIMIT = 200;

/** A value as read by the server, which may sit under a dotted field (financial_metrics.arr). */
function valueAt(data: Record<string, unknown>, field: string): unknown {
  if (field in data) return data[field];
  return field.split('.').reduce<unknown>((value, part) => {
    if (value && typeof value === 'object' && part in value) return (value as Record<string, unknown>)[part];
    return undefined;
  }, data);
}

function cellText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What a deal row does beyond its fields: a company renamed or a deal moved, or which deal it updates. */
function RowExplanation({ row }: { row: TImportRowResult }) {
  const change = row.company_change;
  if (!change && !row.note) return null;
  return (
    <p className="mt-1 min-w-48 text-xs text-slate-600">
      {change && (
        <span className="block font-medium text-indigo-800">
          {change.kind === 'rename' ? 'Renames company' : 'Moves deal'}: {change.from} → {change.to}
        </span>
      )}
      {row.note && <span className="block">{row.note}</span>}
    </p>
  );
}

/**
 * The dry run's rows: what the import does with each (new, update, unchanged, skip), the
 * recognised values per field; invalid rows and fields in red with their errors.
 */
export function ImportPreviewTable({ result, onlyErrors }: { result: TImportResult; onlyErrors: boolean }) {
  const fields = [...new Set(Object.values(result.columns))];
  const rows = onlyErrors ? result.rows.filter((row) => row.errors.length > 0) : result.rows;
  const shown = rows.slice(0, PREVIEW_ROW_LIMIT);
  return (
    <div>
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-xs">
          <thead className="sticky top-0 bg-slate-50 text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Action
              </th>
              {fields.map((field) => (
                <th key={field} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {humanize(field)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-medium">
                Errors
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((row) => {
              const invalid = row.errors.length > 0;
              const badFields = new Set(row.errors.map((error) => error.field));
              return (
                <tr key={row.row} data-invalid={invalid || undefined} className={cn(invalid && 'bg-red-50')}>
                  <td className="px-3 py-2 text-slate-600 tabular-nums">{row.row}</td>
                  <td className="px-3 py-2">
                    {row.action ? <ActionPill action={row.action} /> : null}
                    <RowExplanation row={row} />
                  </td>
                  {fields.map((field) => (
                    <td
                      key={field}
                      className={cn(
                        'max-w-48 truncate px-3 py-2',
                        badFields.has(field) ? 'font-medium text-red-700' : 'text-slate-700',
                      )}
                    >
                      {cellText(valueAt(row.data, field))}
                    </td>
                  ))}
                  <td className="px-3 py-2">
                    {invalid ? (
                      <ul className="space-y-0.5 text-red-700">
                        {row.errors.map((error) => (
                          <li key={`${error.field}-${error.message}`}>
                            <span className="font-medium">{humanize(error.field)}</span>: {error.message}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-emerald-700">OK</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length > shown.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing the first {shown.length} of {rows.length} rows.
        </p>
      )}
    </div>
  );
}
