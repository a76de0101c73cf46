import { MAX_IMPORT_BYTES, type TImportOnExisting, type TImportResult } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, FileSpreadsheet } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  ActionPill,
  DEFAULT_ON_EXISTING,
  ImportCounts,
  importSummary,
  OnExistingChoice,
} from '../../../components/import/import-outcome.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { companyKeys } from '../api/companies-api.ts';
import { importCompaniesCsv } from '../api/csv-api.ts';

/** The preview lists at most this many rows; the counts still cover the whole file. */
const PREVIEW_ROWS = 200;

export function ImportCompaniesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title="Import companies"
      description="Upload a CSV file with a header row. You see a preview first; nothing is saved until you import."
    >
      {open && <ImportForm onDone={() => onOpenChange(false)} />}
    </ModalDialog>
  );
}

interface ImportRequest {
  file: File;
  onExisting: TImportOnExisting;
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [onExisting, setOnExisting] = useState<TImportOnExisting>(DEFAULT_ON_EXISTING);

  const preview = useMutation({
    mutationFn: (request: ImportRequest) =>
      importCompaniesCsv(request.file, { dryRun: true, onExisting: request.onExisting }),
  });
  const run = useMutation({
    mutationFn: (request: ImportRequest) =>
      importCompaniesCsv(request.file, { dryRun: false, onExisting: request.onExisting }),
    onSuccess: async (result) => {
      toast.success(`Import done: ${importSummary(result, 'company', 'companies')}`);
      onDone();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.stats }),
      ]);
    },
    onError: (error, request) => {
      // A row became invalid since the preview: show the fresh preview.
      if (error instanceof ApiError && error.status === 422) preview.mutate(request);
    },
  });

  /** The preview depends on the choice: read the file again with it. */
  function choosePolicy(next: TImportOnExisting) {
    setOnExisting(next);
    if (!file || file.size > MAX_IMPORT_BYTES) return;
    run.reset();
    preview.mutate({ file, onExisting: next });
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    preview.reset();
    run.reset();
    setProblem(null);
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setProblem('The file is larger than 5 MB. Split it into smaller files.');
      return;
    }
    preview.mutate({ file: chosen, onExisting });
  }

  const result = preview.data;
  const count = result ? result.new_rows + result.updated_rows : 0;
  const canImport = Boolean(file && result && result.invalid_rows === 0 && count > 0);

  return (
    <div>
      <div className="space-y-4 px-6 py-5">
        <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-4 hover:border-indigo-400">
          <FileSpreadsheet aria-hidden="true" className="size-6 text-slate-400" />
          <span className="min-w-0 flex-1 text-sm">
            <span className="block font-medium text-slate-800">{file ? file.name : 'Choose a CSV file'}</span>
            <span className="block text-xs text-slate-500">
              Columns such as name, industry, country, stage, revenue, revenue growth, website. At most 5 MB.
            </span>
          </span>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            className="sr-only"
            onChange={choose}
          />
          <span className="rounded-md bg-white px-2.5 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300">
            Browse
          </span>
        </label>
        <OnExistingChoice
          noun="company"
          value={onExisting}
          onChange={choosePolicy}
          disabled={preview.isPending || run.isPending}
        />
        {problem && <Alert>{problem}</Alert>}
        {preview.isPending && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" decorative className="text-indigo-600" /> Checking the file...
          </p>
        )}
        {preview.isError && <Alert>{errorMessage(preview.error, 'Could not read the file')}</Alert>}
        {run.isError && <Alert>{errorMessage(run.error, 'The import failed')}</Alert>}
        {result && <ImportPreview result={result} />}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={run.isPending}>
          Cancel
        </Button>
        <Button
          disabled={!canImport || preview.isPending}
          busy={run.isPending}
          onClick={() => {
            if (file) run.mutate({ file, onExisting });
          }}
        >
          {run.isPending
            ? 'Importing...'
            : count > 0
              ? `Import ${count} ${count === 1 ? 'company' : 'companies'}`
              : 'Import'}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ImportPreview({ result }: { result: TImportResult }) {
  // Invalid rows first, so none hides below the cut.
  const rows = [...result.rows]
    .sort((a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0) || a.row - b.row)
    .slice(0, PREVIEW_ROWS);
  const recognised = Object.entries(result.columns);
  return (
    <section aria-label="Import preview" className="space-y-3">
      <p className="text-sm font-medium text-slate-800">
        {result.total_rows} {result.total_rows === 1 ? 'row' : 'rows'}
        {result.invalid_rows === 0 && <>: {importSummary(result, 'company', 'companies')}</>}
      </p>
      <ImportCounts result={result} />
      {result.invalid_rows > 0 ? (
        <Alert>
          Fix the rows marked below and choose the file again; a file with invalid rows is not imported.
        </Alert>
      ) : (
        result.new_rows + result.updated_rows === 0 && (
          <Alert tone="info">
            Nothing to import: every row matches a company you have and is unchanged or skipped.
          </Alert>
        )
      )}
      {recognised.length > 0 && (
        <p className="text-xs text-slate-500">
          Columns used:{' '}
          {recognised
            .map(([header, field]) => (header === field ? header : `${header} → ${field}`))
            .join(', ')}
          {result.ignored_columns.length > 0 && <> · Ignored: {result.ignored_columns.join(', ')}</>}
        </p>
      )}
      {rows.length > 0 && (
        <div className="max-h-72 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Row
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Company
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Action
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.row} className={row.errors.length > 0 ? 'bg-red-50/50' : undefined}>
                  <td className="px-3 py-2 text-slate-500 tabular-nums">{row.row}</td>
                  <td className="px-3 py-2 font-medium text-slate-800">
                    {typeof row.data.name === 'string' && row.data.name ? row.data.name : '—'}
                  </td>
                  <td className="px-3 py-2">{row.action && <ActionPill action={row.action} />}</td>
                  <td className="px-3 py-2">
                    {row.errors.length === 0 ? (
                      <span className="inline-flex items-center gap-1 text-emerald-700">
                        <CircleCheck aria-hidden="true" className="size-4" /> Ready
                      </span>
                    ) : (
                      <ul className="space-y-0.5 text-red-700">
                        {row.errors.map((error) => (
                          <li key={`${error.field}-${error.message}`} className="flex items-start gap-1">
                            <CircleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                            <span>
                              <span className="font-medium">{error.field}</span>: {error.message}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.rows.length > rows.length && (
        <p className="text-xs text-slate-500">Showing the first {PREVIEW_ROWS} rows.</p>
      )}
    </section>
  );
}
