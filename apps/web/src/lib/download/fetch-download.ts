import { apiErrorFromResponse } from '../api-error.ts';
import { type AuthorizedRequest, authorizedFetch } from '../authorized-fetch.ts';
import { filenameFromContentDisposition } from './content-disposition.ts';
import type { DownloadedFile } from './save-file.ts';

/**
 * A file from our API, sent with the session's bearer token, named as its Content-Disposition
 * suggests, else `fallback`. A failed answer throws the server's ApiError.
 */
export async function fetchDownload(
  path: string,
  fallback: string,
  init: AuthorizedRequest = {},
): Promise<DownloadedFile> {
  const response = await authorizedFetch(path, init);
  if (!response.ok) throw await apiErrorFromResponse(response);
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition'), fallback),
  };
}

/** 'deals' on 15 June 2025 → 'deals-2025-06-15.csv': the name of an export the server did not name. */
export function datedCsvName(prefix: string, today: Date): string {
  return `${prefix}-${today.toISOString().slice(0, 10)}.csv`;
}
