import { datedCsvName, fetchDownload } from '../../../lib/download/fetch-download.ts';
import type { DownloadedFile } from '../../../lib/download/save-file.ts';

/** GET /deals/export: the whole pipeline as CSV, named as the server suggests, else by today's date. */
export function fetchDealsExport(today: Date = new Date()): Promise<DownloadedFile> {
  return fetchDownload('/deals/export', datedCsvName('deals', today), { headers: { Accept: 'text/csv' } });
}
