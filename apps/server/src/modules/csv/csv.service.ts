import {
  DEAL_SOURCE_TYPES,
  MAX_IMPORT_ROWS,
  type TCreateCompanyRequest,
  type TCreateDealRequest,
  type TImportResult,
  type TImportRowResult,
  ZCreateCompanyRequest,
  ZCreateDealRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import * as companies from '../companies/companies.service.ts';
import * as deals from '../deals/deals.service.ts';
import { FIELDS_OF, type ImportKind, mapColumns, REQUIRED_FIELD, rowToInput } from './column-mapping.ts';
import { CsvSyntaxError, looksBinary, parseCsv } from './csv-parse.ts';
import { toCsv } from './csv-write.ts';

const PAGE = 1000;

export const DEAL_EXPORT_COLUMNS = [
  'deal_number',
  'company',
  'amount_requested',
  'stage',
  'source_type',
  'source_name',
  'sector',
  'geography',
  'deal_type',
  'thematic_score',
  'thematic_recommendation',
  'red_flag_level',
  'red_flag_score',
  'description',
  'created_at',
  'last_interaction',
] as const;

export const COMPANY_EXPORT_COLUMNS = [
  'name',
  'industry',
  'headquarters_country',
  'stage',
  'revenue',
  'revenue_growth',
  'employee_count',
  'website',
  'thematic_score',
  'monitoring_priority',
  'description',
  'created_at',
] as const;

export async function exportDealsCsv(db: Database, organizationId: string): Promise<string> {
  const rows: unknown[][] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await deals.dealsForExport(db, organizationId, { limit: PAGE, offset });
    for (const deal of page) rows.push(DEAL_EXPORT_COLUMNS.map((column) => deal[column]));
    if (page.length < PAGE) break;
  }
  return toCsv(DEAL_EXPORT_COLUMNS, rows);
}

export async function exportCompaniesCsv(db: Database, organizationId: string): Promise<string> {
  const rows: unknown[][] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await companies.companiesForExport(db, organizationId, { limit: PAGE, offset });
    for (const company of page) rows.push(COMPANY_EXPORT_COLUMNS.map((column) => company[column]));
    if (page.length < PAGE) break;
  }
  return toCsv(COMPANY_EXPORT_COLUMNS, rows);
}

const badFile = (status: number, code: string, detail: string) => new AppError(status, code, detail);

function decode(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    // Excel on Windows still writes Windows-1252.
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

function fieldErrors(error: z.ZodError): TImportRowResult['errors'] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'row';
    const last = field.split('.').at(-1)!;
    let message = issue.message;
    if (/received undefined$/.test(message)) message = `${field} is required`;
    else if (!message.toLowerCase().includes(last.toLowerCase())) message = `${field}: ${message}`;
    return { field, message };
  });
}

interface Parsed {
  result: TImportResult;
  inputs: (TCreateDealRequest | TCreateCompanyRequest)[];
}

/** Reads and validates the file; throws for files that cannot be imported at all. */
async function readImport(
  db: Database,
  organizationId: string,
  kind: ImportKind,
  buffer: Buffer,
  dryRun: boolean,
): Promise<Parsed> {
  if (buffer.length === 0 || buffer.toString('utf8').trim() === '') {
    throw badFile(
      400,
      'EMPTY_FILE',
      'The file is empty: send a CSV with a header row and one row per record',
    );
  }
  if (looksBinary(buffer)) {
    throw badFile(
      415,
      'NOT_CSV',
      'The file is not a CSV text file (it looks binary); export it as CSV first',
    );
  }
  let records: ReturnType<typeof parseCsv>['records'];
  try {
    records = parseCsv(decode(buffer)).records;
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw badFile(422, 'INVALID_CSV', `The CSV is malformed: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw badFile(400, 'EMPTY_FILE', 'The file has no header row');
  const mapping = mapColumns(header.cells, kind);
  const required = REQUIRED_FIELD[kind];
  if (!Object.values(mapping.columns).includes(required)) {
    const aliases = FIELDS_OF[kind].find((spec) => spec.field === required)!.aliases;
    throw badFile(
      422,
      'MISSING_COLUMN',
      `No ${required} column found: name one of the columns ${aliases.map((alias) => `'${alias}'`).join(', ')}`,
    );
  }
  const dataRows = body.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) throw badFile(422, 'NO_ROWS', 'The file has a header but no data rows');
  if (dataRows.length > MAX_IMPORT_ROWS) {
    throw badFile(
      422,
      'TOO_MANY_ROWS',
      `The file has ${dataRows.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once`,
    );
  }

  const rows: TImportRowResult[] = [];
  const inputs: Parsed['inputs'] = [];
  for (const record of dataRows) {
    const data = rowToInput(record.cells, mapping);
    if (kind === 'deals') normalizeDealSource(data);
    const schema = kind === 'deals' ? ZCreateDealRequest : ZCreateCompanyRequest;
    const parsed = schema.safeParse(data);
    const errors = parsed.success ? [] : fieldErrors(parsed.error);
    if (record.cells.length > header.cells.length) {
      errors.push({
        field: 'row',
        message: `row has ${record.cells.length} cells but the header has ${header.cells.length}`,
      });
    }
    rows.push({ row: record.line, data: parsed.success ? parsed.data : data, errors });
    inputs.push(parsed.success ? parsed.data : (data as never));
  }
  if (kind === 'companies') await flagDuplicateNames(db, organizationId, rows);

  const invalid = rows.filter((row) => row.errors.length > 0).length;
  return {
    inputs,
    result: {
      dry_run: dryRun,
      total_rows: rows.length,
      valid_rows: rows.length - invalid,
      invalid_rows: invalid,
      imported: 0,
      columns: mapping.columns,
      ignored_columns: mapping.ignored,
      rows,
    },
  };
}

/** A Source cell naming someone (not one of our source types) is the source's name. */
function normalizeDealSource(data: Record<string, unknown>): void {
  const type = data.source_type;
  if (typeof type === 'string' && !(DEAL_SOURCE_TYPES as readonly string[]).includes(type)) {
    if (data.source_name === undefined) data.source_name = type;
    delete data.source_type;
  }
}

async function flagDuplicateNames(db: Database, organizationId: string, rows: TImportRowResult[]) {
  const names = rows
    .map((row) => row.data.name)
    .filter((name): name is string => typeof name === 'string' && name !== '');
  const existing = new Set(
    (await companies.findCompaniesByNames(db, organizationId, names)).map((company) =>
      company.name.toLowerCase(),
    ),
  );
  const firstRow = new Map<string, number>();
  for (const row of rows) {
    const name = row.data.name;
    if (typeof name !== 'string' || name === '') continue;
    const key = name.toLowerCase();
    if (existing.has(key)) {
      row.errors.push({ field: 'name', message: `name: a company named ${name} already exists` });
    } else if (firstRow.has(key)) {
      row.errors.push({ field: 'name', message: `name: ${name} is also on row ${firstRow.get(key)}` });
    } else firstRow.set(key, row.row);
  }
}

export interface ImportOutcome {
  status: 200 | 422;
  body: TImportResult & { detail?: string; code?: string };
}

export async function importCsv(
  db: Database,
  principal: { organizationId: string; userId: string },
  kind: ImportKind,
  buffer: Buffer,
  dryRun: boolean,
): Promise<ImportOutcome> {
  const { organizationId, userId } = principal;
  const { result, inputs } = await readImport(db, organizationId, kind, buffer, dryRun);
  if (dryRun) return { status: 200, body: result };
  if (result.invalid_rows > 0) {
    return {
      status: 422,
      body: {
        ...result,
        detail: `${result.invalid_rows} of ${result.total_rows} rows are invalid; nothing was imported`,
        code: 'INVALID_ROWS',
      },
    };
  }
  const imported = await db.transaction(async (tx) => {
    if (kind === 'deals') {
      return (await deals.createDeals(tx, { organizationId, userId }, inputs as TCreateDealRequest[])).length;
    }
    return (await companies.createCompanies(tx, organizationId, inputs as TCreateCompanyRequest[])).length;
  });
  return { status: 200, body: { ...result, imported } };
}
