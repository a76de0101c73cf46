import {
  MAX_IMPORT_BYTES,
  type TImportExistingCompanyRows,
  type TImportOnExisting,
  type TImportResult,
} from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_ON_EXISTING,
  ImportCounts,
  importSummary,
  OnExistingChoice,
} from '../../../components/import/import-outcome.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureText } from '../../../lib/failure-text.ts';
import { humanize } from '../../../lib/humanize.ts';
import { dealKeys } from '../api/deals-api.ts';
import { ImportRejectedError, importDeals } from '../api/import-deals.ts';
import { ExistingCompanyRowsChoice } from './existing-company-rows-choice.tsx';
import { ImportPreviewTable } from './import-preview-table.tsx';

interface ImportRequest {
  file: File;
  onExisting: TImportOnExisting;
  existingCompanyRows: TImportExistingCompanyRows;
}

const DEFAULT_EXISTING_COMPANY_ROWS: TImportExistingCompanyRows = 'new_deal';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/** '1 of 2 rows has errors' */
const rowsWithErrors = ({ invalid_rows, total_rows }: TImportResult) =>
  `${invalid_rows} of ${plural(total_rows, 'row')} ${invalid_rows === 1 ? 'has' : 'have'} errors`;

/**
 * CSV import: choose a file, read the dry run's preview, then import. Rows matching a deal the
 * organisation has are updated or skipped, as chosen; rows without a deal number for companies
 * that have deals are new deals or update the latest open one, as chosen (the preview is read
 * again on each change).
 * The import is offered only when every row is valid and something would be written; a refused
 * import (422) shows the server's per-row errors.
 */
export function ImportDealsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);
  const [rejected, setRejected] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [onExisting, setOnExisting] = useState<TImportOnExisting>(DEFAULT_ON_EXISTING);
  const [existingCompanyRows, setExistingCompanyRows] = useState<TImportExistingCompanyRows>(
    DEFAULT_EXISTING_COMPANY_ROWS,
  );

  const check = useMutation({
    mutationFn: (request: ImportRequest) => importDeals(request.file, { dryRun: true, ...request }),
    onSuccess: (preview) => setResult(preview),
    onError: (failure) => setError(`Could not read the file: ${failureText(failure)}`),
  });

  const run = useMutation({
    mutationFn: (request: ImportRequest) => importDeals(request.file, { dryRun: false, ...request }),
    onSuccess: async (done) => {
      toast.success(`Import done: ${importSummary(done, 'deal', 'deals')}`);
      close();
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
    onError: (failure) => {
      if (failure instanceof ImportRejectedError) {
        setResult(failure.result);
        setRejected(true);
        setOnlyErrors(true);
      } else {
        setError(`Import failed: ${failureText(failure)}`);
      }
    },
  });

  function reset() {
    setFile(null);
    setResult(null);
    setRejected(false);
    setError(null);
    setOnlyErrors(false);
    check.reset();
    run.reset();
    if (input.current) input.current.value = '';
  }

  function close() {
    reset();
    setOnExisting(DEFAULT_ON_EXISTING);
    setExistingCompanyRows(DEFAULT_EXISTING_COMPANY_ROWS);
    onOpenChange(false);
  }

  /** The preview depends on the choices: read the file again with them. */
  function preview(choices: Omit<ImportRequest, 'file'>) {
    if (!file || file.size > MAX_IMPORT_BYTES) return;
    setResult(null);
    setRejected(false);
    setOnlyErrors(false);
    run.reset();
    check.mutate({ file, ...choices });
  }

  function choosePolicy(next: TImportOnExisting) {
    setOnExisting(next);
    preview({ onExisting: next, existingCompanyRows });
  }

  function chooseExistingCompanyRows(next: TImportExistingCompanyRows) {
    setExistingCompanyRows(next);
    preview({ onExisting, existingCompanyRows: next });
  }

  function choose(chosen: File | undefined) {
    reset();
    if (!chosen) return;
    setFile(chosen);
    if (chosen.size > MAX_IMPORT_BYTES) {
      setError('The file is larger than 5 MB. Split it and import the parts.');
      return;
    }
    check.mutate({ file: chosen, onExisting, existingCompanyRows });
  }

  const count = result ? result.new_rows + result.updated_rows : 0;
  const importable = result !== null && !rejected && result.invalid_rows === 0 && count > 0;

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      size="xl"
      padded
      title="Import deals"
      description="Upload a CSV with one deal per row. You will see how each row is read before anything is saved."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={run.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!importable || check.isPending}
            busy={run.isPending}
            onClick={() => {
              if (file) run.mutate({ file, onExisting, existingCompanyRows });
            }}
          >
            {count > 0 ? `Import ${plural(count, 'deal')}` : 'Import'}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-within:ring-2 focus-within:ring-indigo-500"
          >
            <FileUp aria-hidden="true" className="size-4" />
            {file ? 'Choose another file' : 'Choose a CSV file'}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            className="sr-only"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          {file && <span className="truncate text-sm text-slate-600">{file.name}</span>}
          {check.isPending && (
            <span className="inline-flex items-center gap-2 text-sm text-slate-500">
              <Spinner size="sm" decorative /> Checking rows...
            </span>
          )}
        </div>
        {!file && (
          <p className="text-sm text-slate-600">
            Recognised columns include deal number, company name, amount requested, stage, source type, source
            name, sector, geography, deal type and description; other columns are listed and ignored. A row
            with the deal number of one of your deals is that deal, even under a corrected company name; a row
            without one is a new deal unless you choose to update the company’s latest open deal.
          </p>
        )}

        <OnExistingChoice
          noun="deal"
          value={onExisting}
          onChange={choosePolicy}
          disabled={check.isPending || run.isPending}
        />

        {error && <Alert>{error}</Alert>}

        {result && (
          <div className="space-y-4">
            {rejected ? (
              <Alert>
                Nothing was imported: {rowsWithErrors(result)}. Fix them and choose the file again.
              </Alert>
            ) : result.invalid_rows > 0 ? (
              <Alert>
                {rowsWithErrors(result)}. Fix them in the file and choose it again; nothing is imported until
                every row is valid.
              </Alert>
            ) : result.total_rows === 0 ? (
              <Alert tone="info">The file has no rows to import.</Alert>
            ) : count === 0 ? (
              <Alert tone="info">
                Nothing to import: every row matches a deal you have and is unchanged or skipped.
              </Alert>
            ) : (
              <Alert tone="success">
                All {plural(result.total_rows, 'row')} are valid: {importSummary(result, 'deal', 'deals')}.
              </Alert>
            )}

            <ImportCounts result={result} />

            <ExistingCompanyRowsChoice
              result={result}
              value={existingCompanyRows}
              onChange={chooseExistingCompanyRows}
              disabled={check.isPending || run.isPending}
            />

            <div className="space-y-2 text-sm">
              <p className="text-slate-700">
                <span className="font-medium">Recognised columns: </span>
                {Object.keys(result.columns).length === 0
                  ? 'none'
                  : Object.entries(result.columns).map(([header, field], index) => (
                      <span key={header}>
                        {index > 0 && ', '}
                        {header}
                        {header !== field && <span className="text-slate-400"> → {humanize(field)}</span>}
                      </span>
                    ))}
              </p>
              {result.ignored_columns.length > 0 && (
                <p className="text-slate-500">
                  <span className="font-medium">Ignored columns: </span>
                  {result.ignored_columns.join(', ')}
                </p>
              )}
            </div>

            {result.invalid_rows > 0 && (
              <Checkbox
                label="Show only rows with errors"
                checked={onlyErrors}
                onChange={(event) => setOnlyErrors(event.target.checked)}
              />
            )}
            {result.rows.length > 0 && <ImportPreviewTable result={result} onlyErrors={onlyErrors} />}
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
