import { MAX_FUNDING_IMPORT_BYTES, type TFundingImportResult } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureText } from '../../../lib/failure-text.ts';
import { fundingKeys, importFundingCsv, previewFundingCsv } from '../api/funding-api.ts';
import { ImportRoundsPreview } from './import-rounds-preview.tsx';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an import did, in one line; the first problems follow as a warning. */
export function importSummary(result: TFundingImportResult): string {
  const unknown =
    result.amount_unknown > 0 ? ` (${plural(result.amount_unknown, 'amount')} not in the file)` : '';
  return `Imported ${plural(result.rows, 'row')}: ${result.created} new, ${result.merged} merged, ${result.skipped} refused${unknown}`;
}

/**
 * Imports a rounds export (Crunchbase, Dealroom, PitchBook, CB Insights or any CSV with company,
 * date and amount columns): the file is read first and shown as it would be stored; nothing is
 * written until the user confirms. The list and stats refresh after.
 */
export function ImportRoundsButton() {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = useMutation({
    mutationFn: previewFundingCsv,
    onError: (failure) => setError(`Could not read the file: ${failureText(failure)}`),
  });
  const upload = useMutation({
    mutationFn: importFundingCsv,
    onSuccess: async (result) => {
      toast.success(importSummary(result));
      close();
      await queryClient.invalidateQueries({ queryKey: fundingKeys.all });
    },
    onError: (failure) => setError(`Import failed: ${failureText(failure)}`),
  });

  function close() {
    setFile(null);
    setError(null);
    check.reset();
    upload.reset();
    if (input.current) input.current.value = '';
    setOpen(false);
  }

  function choose(chosen: File | undefined) {
    setError(null);
    check.reset();
    setFile(chosen ?? null);
    if (!chosen) return;
    if (chosen.size > MAX_FUNDING_IMPORT_BYTES) {
      setError('The file is larger than 5 MB. Split it and import the parts.');
      return;
    }
    check.mutate(chosen);
  }

  const preview = check.data;
  const importable = file !== null && preview !== undefined && preview.rounds > 0;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" className="size-4" />
        Import CSV
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        size="xl"
        padded
        title="Import funding rounds"
        description="Upload a rounds export (Crunchbase, Dealroom, PitchBook, CB Insights or your own CSV with company, date and amount columns). You will see how each column is read before anything is saved."
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={upload.isPending}>
              Cancel
            </Button>
            <Button
              disabled={!importable || check.isPending}
              busy={upload.isPending}
              onClick={() => {
                if (file) upload.mutate(file);
              }}
            >
              {preview && preview.rounds > 0 ? `Import ${plural(preview.rounds, 'round')}` : 'Import'}
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
              accept=".csv,.txt,text/csv"
              aria-label="Funding rounds CSV"
              className="sr-only"
              onChange={(event) => choose(event.target.files?.[0])}
            />
            {file && <span className="truncate text-sm text-slate-600">{file.name}</span>}
            {check.isPending && (
              <span className="inline-flex items-center gap-2 text-sm text-slate-500">
                <Spinner size="sm" decorative /> Reading the file...
              </span>
            )}
          </div>
          {error && <Alert>{error}</Alert>}
          {preview && <ImportRoundsPreview preview={preview} />}
        </div>
      </ModalDialog>
    </>
  );
}
