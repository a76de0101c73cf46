import type { TImportRowAction, TImportRowResult } from '@atempo/contracts';
import type { z } from 'zod';
import type { SourceRow } from './import-file.ts';

/** What the import will do with one row: its preview line, and the write it stands for. */
export interface PlannedRow<Create, Patch> {
  result: TImportRowResult;
  /** A record to create ('new'). */
  create?: Create;
  /** The changed fields of a matched record ('update'). */
  update?: { id: string; patch: Patch };
}

export function fieldErrors(error: z.ZodError): TImportRowResult['errors'] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'row';
    const last = field.split('.').at(-1)!;
    let message = issue.message;
    if (/received undefined$/.test(message)) message = `${field} is required`;
    else if (!message.toLowerCase().includes(last.toLowerCase())) message = `${field}: ${message}`;
    return { field, message };
  });
}

/** The preview line of a row: invalid (no action) when it has any error. */
export function rowResult(
  row: SourceRow,
  data: Record<string, unknown>,
  action: TImportRowAction,
  existingId: string | null,
): TImportRowResult {
  const valid = row.errors.length === 0;
  return { row: row.line, data, errors: row.errors, action: valid ? action : null, existing_id: existingId };
}

/** The text of a cell naming a record, when there is one. */
export const nameIn = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
