import type { TImportOnExisting, TImportResult } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';
import { apiErrorFromResponse, networkError } from '../../../lib/api-error.ts';
import { readAccessToken } from '../../../lib/token-storage.ts';
import { filenameFromContentDisposition } from '../lib/content-disposition.ts';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * GET /companies/export as a file. The shared client only answers JSON, so this sends the request
 * itself against the client's chosen base with the stored bearer token, and on a 401 refreshes
 * the session through the client (sharing any refresh in flight) and tries once more.
 */
export async function exportCompaniesCsv(today: Date = new Date()): Promise<DownloadedFile> {
  const base = await api.resolveBase();
  const send = async (token: string | null) => {
    try {
      return await globalThis.fetch(`${base}/companies/export`, {
        headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw networkError();
    }
  };
  let response = await send(readAccessToken(window.localStorage));
  if (response.status === 401) response = await send(await api.refreshSession());
  if (!response.ok) throw await apiErrorFromResponse(response);
  const filename =
    filenameFromContentDisposition(response.headers.get('content-disposition')) ??
    `companies-${today.toISOString().slice(0, 10)}.csv`;
  return { blob: await response.blob(), filename };
}

/** Hands a file to the browser's downloads. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; revoking later keeps slow browsers from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
