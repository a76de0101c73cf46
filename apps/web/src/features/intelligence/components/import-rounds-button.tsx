import type { TFundingImportResult } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { fundingKeys, importFundingCsv } from '../api/funding-api.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an import did, in one line; the first problems follow as a warning. */
export function importSummary(result: TFundingImportResult): string {
  const unknown =
    result.amount_unknown > 0 ? ` (${plural(result.amount_unknown, 'amount')} not in the file)` : '';
  return `Imported ${plural(result.rows, 'row')}: ${result.created} new, ${result.merged} merged, ${result.skipped} skipped${unknown}`;
}

/** Imports a Crunchbase-style CSV of funding rounds; the list and stats refresh after. */
export function ImportRoundsButton() {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: importFundingCsv,
    onSuccess: async (result) => {
      toast.success(importSummary(result));
      if (result.problems.length > 0) {
        const shown = result.problems.slice(0, 3).map((p) => `line ${p.line}: ${p.message}`);
        const more = result.problems.length > 3 ? ` … and ${result.problems.length - 3} more` : '';
        toast.warning(`${shown.join('; ')}${more}`);
      }
      await queryClient.invalidateQueries({ queryKey: fundingKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to import funding rounds')),
  });
  return (
    <>
      <label htmlFor={inputId} className="sr-only">
        Funding rounds CSV
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden="true" className="size-4" />
        {upload.isPending ? 'Importing…' : 'Import CSV'}
      </Button>
    </>
  );
}
