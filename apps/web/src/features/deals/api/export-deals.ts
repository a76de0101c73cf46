import { apiErrorFromResponse } from '../../../lib/api-error.ts';
import { filenameFromContentDisposition } from '../lib/content-disposition.ts';
import { authorizedFetch } from './authorized-fetch.ts';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** GET /deals/export: the whole pipeline as CSV, named as the server suggests. */
export async function fetchDealsExport(today: Date = new Date()): Promise<DownloadedFile> {
  const response = await authorizedFetch('/deals/export', { headers: { Accept: 'text/csv' } });
  if (!response.ok) throw await apiErrorFromResponse(response);
  const fallback = `deals-${today.toISOString().slice(0, 10)}.csv`;
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition'), fallback),
  };
}

/** Hands a blob to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
