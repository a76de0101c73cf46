import type { TImportOnExisting, TImportResult } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';
import { datedCsvName, fetchDownload } from '../../../lib/download/fetch-download.ts';
import type { DownloadedFile } from '../../../lib/download/save-file.ts';

/** GET /companies/export as a file, named as the server suggests, else by today's date. */
export function exportCompaniesCsv(today: Date = new Date()): Promise<DownloadedFile> {
  return fetchDownload('/companies/export', datedCsvName('companies', today), {
    headers: { Accept: 'text/csv' },
  });
}

/**
 * POST /companies/import: a preview that writes nothing (dry run), or the import itself;
 * `onExisting` says what to do with rows naming a company the organisation has.
 */
export function importCompaniesCsv(
  file: File,
  { dryRun, onExisting }: { dryRun: boolean; onExisting: TImportOnExisting },
): Promise<TImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ dry_run: String(dryRun), on_existing: onExisting });
  return api.post<TImportResult>(`/companies/import?${query}`, form);
}
