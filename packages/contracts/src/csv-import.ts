import { z } from 'zod';

/**
 * POST /deals/import and POST /companies/import (multipart field `file`, a CSV of at most 5 MB).
 * `?dry_run=true` answers the preview and writes nothing; a real run writes every row in one
 * transaction or, when any row is invalid, nothing at all (422 with this same body).
 */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

export const ZImportRowResult = z.object({
  /** 1-based line number in the file, the header being line 1. */
  row: z.number().int(),
  /** The values as understood, keyed by our field names. */
  data: z.record(z.string(), z.unknown()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TImportRowResult = z.infer<typeof ZImportRowResult>;

export const ZImportResult = z.object({
  dry_run: z.boolean(),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** How many rows were written (0 on a dry run or when any row is invalid). */
  imported: z.number().int(),
  /** Source column header → our field name, for the columns that were recognised. */
  columns: z.record(z.string(), z.string()),
  /** Headers that matched no field and were ignored. */
  ignored_columns: z.array(z.string()),
  rows: z.array(ZImportRowResult),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
