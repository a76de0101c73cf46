import { z } from 'zod';

/**
 * POST /deals/import and POST /companies/import (multipart field `file`, a CSV of at most 5 MB).
 * `?dry_run=true` answers the preview and writes nothing; a real run writes every row in one
 * transaction or, when any row is invalid, nothing at all (422 with this same body).
 *
 * Rows that name a record the organisation already has are matched, never duplicated: a company
 * by its name (case-insensitive, trimmed); a deal by its deal_number when the row has one, else by
 * its company's name when that company has exactly one deal. `?on_existing=update` writes the
 * row's values over the match, `skip` (the default) leaves the match untouched.
 */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

/** What to do with a row that matches an existing record. */
export const IMPORT_ON_EXISTING = ['update', 'skip'] as const;
export const ZImportOnExisting = z.enum(IMPORT_ON_EXISTING);
export type TImportOnExisting = z.infer<typeof ZImportOnExisting>;

/**
 * What the import does (or did) with a valid row: create a record, update the matching one,
 * leave it as it is because the row holds nothing new (unchanged), or leave it by choice (skip).
 */
export const IMPORT_ROW_ACTIONS = ['new', 'update', 'unchanged', 'skip'] as const;
export const ZImportRowAction = z.enum(IMPORT_ROW_ACTIONS);
export type TImportRowAction = z.infer<typeof ZImportRowAction>;

export const ZImportRowResult = z.object({
  /** 1-based line number in the file, the header being line 1. */
  row: z.number().int(),
  /** The values as understood, keyed by our field names. */
  data: z.record(z.string(), z.unknown()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  /** null when the row is invalid. */
  action: ZImportRowAction.nullable(),
  /** The existing record the row matched (deal or company id), else null. */
  existing_id: z.string().nullable(),
});
export type TImportRowResult = z.infer<typeof ZImportRowResult>;

export const ZImportResult = z.object({
  dry_run: z.boolean(),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** How many rows were written, new plus updated (0 on a dry run or when any row is invalid). */
  imported: z.number().int(),
  on_existing: ZImportOnExisting,
  /** Valid rows by action; on a dry run what a real run would do. */
  new_rows: z.number().int(),
  updated_rows: z.number().int(),
  unchanged_rows: z.number().int(),
  skipped_rows: z.number().int(),
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
  on_existing: ZImportOnExisting.default('skip'),
});
