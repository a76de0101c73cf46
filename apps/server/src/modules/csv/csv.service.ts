import {
  DEAL_SOURCE_TYPES,
  type TImportExistingCompanyRows,
  type TImportOnExisting,
  type TImportResult,
  type TImportRowResult,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import * as companies from '../companies/index.ts';
import * as deals from '../deals/index.ts';
import type { ImportKind } from './column-mapping.ts';
import { type CompanyPlan, planCompanyRows } from './company-import-plan.ts';
import { toCsv } from './csv-write.ts';
import { type DealPlan, planDealRows } from './deal-import-plan.ts';
import { type ImportFile, readImportFile } from './import-file.ts';
import { writeCompanyPlan, writeDealPlan } from './import-write.ts';

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

/** A Source cell naming someone (not one of our source types) is the source's name. */
function normalizeDealSource(data: Record<string, unknown>): void {
  const type = data.source_type;
  if (typeof type === 'string' && !(DEAL_SOURCE_TYPES as readonly string[]).includes(type)) {
    if (data.source_name === undefined) data.source_name = type;
    delete data.source_type;
  }
}

async function planRows(
  db: Database,
  organizationId: string,
  kind: ImportKind,
  file: ImportFile,
  options: ImportOptions,
): Promise<DealPlan[] | CompanyPlan[]> {
  if (kind === 'companies') return planCompanyRows(db, organizationId, file.rows, options.onExisting);
  for (const row of file.rows) normalizeDealSource(row.data);
  return planDealRows(db, organizationId, file.rows, options);
}

/** The deal import's own counts: rows naming companies with deals, company renames and moves. */
function dealCounts(plan: DealPlan[], options: ImportOptions): Partial<TImportResult> {
  const valid = plan.filter((row) => row.result.errors.length === 0);
  const changes = (kind: 'rename' | 'move') =>
    valid.filter((row) => row.result.company_change?.kind === kind).length;
  return {
    existing_company_rows: options.existingCompanyRows,
    rows_naming_existing_companies: plan.filter((row) => row.namesExistingCompany).length,
    company_renames: changes('rename'),
    company_moves: changes('move'),
  };
}

function summarize(
  file: ImportFile,
  plan: { result: TImportRowResult }[],
  options: ImportOptions,
  kind: ImportKind,
): TImportResult {
  const rows = plan.map((planned) => planned.result);
  const count = (action: TImportRowResult['action']) => rows.filter((row) => row.action === action).length;
  const invalid = rows.filter((row) => row.errors.length > 0).length;
  return {
    dry_run: options.dryRun,
    total_rows: rows.length,
    valid_rows: rows.length - invalid,
    invalid_rows: invalid,
    imported: 0,
    on_existing: options.onExisting,
    new_rows: count('new'),
    updated_rows: count('update'),
    unchanged_rows: count('unchanged'),
    skipped_rows: count('skip'),
    ...(kind === 'deals' ? dealCounts(plan as DealPlan[], options) : {}),
    columns: file.columns,
    ignored_columns: file.ignored,
    rows,
  };
}

export interface ImportOptions {
  dryRun: boolean;
  onExisting: TImportOnExisting;
  /** Deal imports: what a row without a deal number does when its company has deals. */
  existingCompanyRows: TImportExistingCompanyRows;
}

export interface ImportOutcome {
  status: 200 | 422;
  body: TImportResult & { detail?: string; code?: string };
}

/**
 * Previews (dry run) or imports a CSV. Matching and writing happen in one transaction, so the
 * rows are matched against what is there when they are written, and a failure writes nothing.
 */
export async function importCsv(
  db: Database,
  principal: { organizationId: string; userId: string },
  kind: ImportKind,
  buffer: Buffer,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const { organizationId } = principal;
  const file = readImportFile(kind, buffer);
  return db.transaction(async (tx): Promise<ImportOutcome> => {
    const plan = await planRows(tx, organizationId, kind, file, options);
    const result = summarize(file, plan, options, kind);
    if (options.dryRun) return { status: 200, body: result };
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
    const imported =
      kind === 'deals'
        ? await writeDealPlan(tx, principal, plan as DealPlan[])
        : await writeCompanyPlan(tx, organizationId, plan as CompanyPlan[]);
    return { status: 200, body: { ...result, imported } };
  });
}
