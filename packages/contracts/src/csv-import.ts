import { z } from 'zod';

/**
 * POST /deals/import and POST /companies/import (multipart field `file`, a CSV of at most 5 MB).
 * `?dry_run=true` answers the preview and writes nothing; a real run writes every row in one
 * transaction or, when any row is invalid, nothing at all (422 with this same body).
 *
 * Rows that name a record the organisation already has are matched, never duplicated: a company
 * by its name (case-insensitive, trimmed). A deal row with a deal_number of the organisation is
 * that deal, whatever company it names: a changed company name is an update of the deal (its
 * company renamed, or the deal moved to the company named), shown in the preview. A deal row
 * without a deal number is a new deal, unless `?existing_company_rows=update_latest_open` asks
 * that it update the latest open deal of the company it names. `?on_existing=update` writes the
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

/**
 * What a deal row without a deal number does when its company already has deals: add a new deal
 * (the default), or update that company's latest open deal (the first such row does; later rows
 * of the same company are new deals).
 */
export const IMPORT_EXISTING_COMPANY_ROWS = ['new_deal', 'update_latest_open'] as const;
export const ZImportExistingCompanyRows = z.enum(IMPORT_EXISTING_COMPANY_ROWS);
export type TImportExistingCompanyRows = z.infer<typeof ZImportExistingCompanyRows>;

/**
 * A deal row whose deal number names a deal of another company name: `rename` gives the deal's
 * company the row's spelling (every deal of that company shows it), `move` puts the deal under the
 * company the row names (created when the organisation has none of that name).
 */
export const ZImportCompanyChange = z.object({
  kind: z.enum(['rename', 'move']),
  from: z.string(),
  to: z.string(),
});
export type TImportCompanyChange = z.infer<typeof ZImportCompanyChange>;

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
  /** Deal rows: the change of company the row makes to the deal it matched. */
  company_change: ZImportCompanyChange.optional(),
  /** Deal rows: why the row does what it does, when that is not plain (which deal it updates, …). */
  note: z.string().optional(),
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
  /** Deal imports: the choice for rows without a deal number whose company already has deals. */
  existing_company_rows: ZImportExistingCompanyRows.optional(),
  /** Deal imports: rows without a deal number that name a company that already has deals. */
  rows_naming_existing_companies: z.number().int().optional(),
  /** Deal imports: valid rows that rename the company of their deal, or move the deal to another company. */
  company_renames: z.number().int().optional(),
  company_moves: z.number().int().optional(),
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
  /** Deal imports only (ignored for companies). */
  existing_company_rows: ZImportExistingCompanyRows.default('new_deal'),
});
