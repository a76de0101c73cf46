import {
  type TCreateCompanyRequest,
  type TImportOnExisting,
  type TUpdateCompanyRequest,
  ZCreateCompanyRequest,
  ZUpdateCompanyRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import * as companies from '../companies/index.ts';
import { columnsFromRequest } from '../companies/index.ts';
import { changedFields } from './import-diff.ts';
import type { SourceRow } from './import-file.ts';
import { fieldErrors, nameIn, type PlannedRow, rowResult } from './import-plan.ts';

export type CompanyPlan = PlannedRow<TCreateCompanyRequest, TUpdateCompanyRequest>;

/**
 * Matches each row to the organisation's company of the same name (case-insensitive, trimmed):
 * unmatched rows are new; matched ones are updated with the fields that differ, unchanged when
 * none does, or skipped. A name twice in the file is an error on its second row.
 */
export async function planCompanyRows(
  db: Database,
  organizationId: string,
  rows: SourceRow[],
  onExisting: TImportOnExisting,
): Promise<CompanyPlan[]> {
  const names = rows.map((row) => nameIn(row.data.name));
  // The one company matcher: "Acme Ltd" in the file is the "Acme" already tracked (same name key).
  const existing = await companies.findCompaniesNamed(
    db,
    organizationId,
    names.filter((name) => name !== undefined),
  );
  const firstRow = new Map<string, number>();
  return rows.map((row, index): CompanyPlan => {
    const name = names[index];
    const key = name?.toLowerCase();
    if (key !== undefined) {
      const first = firstRow.get(key);
      if (first !== undefined) {
        row.errors.push({ field: 'name', message: `name: ${name} is also on row ${first}` });
      } else firstRow.set(key, row.line);
    }
    const match = name === undefined ? undefined : existing.get(name);
    if (!match) {
      const parsed = ZCreateCompanyRequest.safeParse(row.data);
      if (!parsed.success) row.errors.push(...fieldErrors(parsed.error));
      return {
        result: rowResult(row, parsed.success ? parsed.data : row.data, 'new', null),
        create: parsed.success ? parsed.data : undefined,
      };
    }
    // The name is the key: a row spelt in another case does not rename the company.
    const { name: _name, ...fields } = row.data;
    const parsed = ZUpdateCompanyRequest.safeParse(fields);
    if (!parsed.success) {
      row.errors.push(...fieldErrors(parsed.error));
      return { result: rowResult(row, row.data, 'skip', match.id) };
    }
    const shown = { name: match.name, ...parsed.data };
    if (onExisting === 'skip') return { result: rowResult(row, shown, 'skip', match.id) };
    const patch = { ...parsed.data };
    if (patch.financial_metrics) {
      patch.financial_metrics = { ...(match.financialMetrics as object), ...patch.financial_metrics };
    }
    const changed = changedFields(patch, match, columnsFromRequest);
    if (Object.keys(changed).length === 0) return { result: rowResult(row, shown, 'unchanged', match.id) };
    return { result: rowResult(row, shown, 'update', match.id), update: { id: match.id, patch: changed } };
  });
}
