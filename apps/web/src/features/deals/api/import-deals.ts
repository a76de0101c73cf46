import type { TImportExistingCompanyRows, TImportOnExisting, TImportResult } from '@atempo/contracts';
import { apiErrorFromResponse } from '../../../lib/api-error.ts';
import { authorizedFetch } from '../../../lib/authorized-fetch.ts';

/** A real import refused because some rows are invalid: the server's per-row answer, nothing written. */
export class ImportRejectedError extends Error {
  readonly result: TImportResult;
  constructor(result: TImportResult) {
    super(`${result.invalid_rows} of ${result.total_rows} rows have errors; nothing was imported.`);
    this.name = 'ImportRejectedError';
    this.result = result;
  }
}

/**
 * POST /deals/import (multipart field `file`). A dry run answers the preview; a real run answers
 * what was written, or 422 with the same per-row body when any row is invalid. `onExisting` says
 * what to do with rows that match a deal the organisation has; `existingCompanyRows` what a row
 * without a deal number does when its company has deals (a new deal, or update the latest open one).
 */
export async function importDeals(
  file: File,
  {
    dryRun,
    onExisting,
    existingCompanyRows = 'new_deal',
  }: { dryRun: boolean; onExisting: TImportOnExisting; existingCompanyRows?: TImportExistingCompanyRows },
): Promise<TImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({
    dry_run: String(dryRun),
    on_existing: onExisting,
    existing_company_rows: existingCompanyRows,
  });
  const response = await authorizedFetch(`/deals/import?${query}`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (response.ok) return (await response.json()) as TImportResult;
  if (response.status === 422) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (isImportResult(body)) throw new ImportRejectedError(body);
  }
  throw await apiErrorFromResponse(response);
}

function isImportResult(body: unknown): body is TImportResult {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as TImportResult).rows) &&
    typeof (body as TImportResult).invalid_rows === 'number'
  );
}
