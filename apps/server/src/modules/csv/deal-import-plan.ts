import {
  type TCreateDealRequest,
  type TImportOnExisting,
  type TUpdateDealRequest,
  ZCreateDealRequest,
  ZUpdateDealRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { columnsFromRequest, type ExistingDeal, findDealsForImport } from '../deals/index.ts';
import { changedFields } from './import-diff.ts';
import type { SourceRow } from './import-file.ts';
import { fieldErrors, nameIn, type PlannedRow, rowResult } from './import-plan.ts';

export type DealPlan = PlannedRow<TCreateDealRequest, TUpdateDealRequest>;

/** What a row may change on a matched deal: its own fields, never the company it belongs to. */
const ZDealImportUpdate = ZUpdateDealRequest.omit({ company_id: true, thematic_recommendation: true });

interface DealKey {
  number?: number;
  name?: string;
}

/** Takes the deal number out of the row (it names a deal; it is never written). */
function dealKey(row: SourceRow): DealKey {
  const raw = row.data.deal_number;
  delete row.data.deal_number;
  const key: DealKey = { name: nameIn(row.data.company_name) };
  if (raw === undefined) return key;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) key.number = raw;
  else row.errors.push({ field: 'deal_number', message: 'deal_number must be a whole number above 0' });
  return key;
}

/**
 * Matches each row to one of the organisation's deals: by deal_number when the row has one (and
 * then its company must be the row's company, so another organisation's export cannot overwrite
 * an unrelated deal that happens to share the number), else by company name when that company
 * has exactly one deal. Unmatched rows are new deals; matched ones are updated with the fields
 * that differ, unchanged when none does, or skipped.
 */
export async function planDealRows(
  db: Database,
  organizationId: string,
  rows: SourceRow[],
  onExisting: TImportOnExisting,
): Promise<DealPlan[]> {
  const keys = rows.map(dealKey);
  const existing = await findDealsForImport(db, organizationId, {
    numbers: keys.flatMap((key) => (key.number === undefined ? [] : [key.number])),
    lowerNames: keys.flatMap((key) => (key.name === undefined ? [] : [key.name.toLowerCase()])),
  });
  const byNumber = new Map(existing.map((deal) => [deal.dealNumber, deal]));
  const byCompany = new Map<string, ExistingDeal[]>();
  for (const deal of existing) {
    const company = deal.companyName.toLowerCase();
    byCompany.set(company, [...(byCompany.get(company) ?? []), deal]);
  }
  const claimedBy = new Map<string, number>();

  return rows.map((row, index): DealPlan => {
    const { number, name } = keys[index]!;
    let match: ExistingDeal | undefined;
    if (number !== undefined) {
      const found = byNumber.get(number);
      if (found && name && found.companyName.toLowerCase() !== name.toLowerCase()) {
        row.errors.push({
          field: 'deal_number',
          message: `deal_number ${number} is the deal of ${found.companyName}, not ${name}; clear the deal number to import the row as a new deal`,
        });
      } else match = found;
    } else if (name) {
      const ofCompany = byCompany.get(name.toLowerCase()) ?? [];
      if (ofCompany.length === 1) match = ofCompany[0];
      else if (ofCompany.length > 1) {
        row.errors.push({
          field: 'company_name',
          message: `company_name: ${name} has ${ofCompany.length} deals; add a deal_number column to say which one this row is`,
        });
      }
    }
    if (match) {
      const first = claimedBy.get(match.id);
      if (first !== undefined) {
        row.errors.push({
          field: number === undefined ? 'company_name' : 'deal_number',
          message: `deal ${match.dealNumber} (${match.companyName}) is also on row ${first}`,
        });
      } else claimedBy.set(match.id, row.line);
    }
    const shownNumber = number === undefined ? {} : { deal_number: number };

    if (!match) {
      const parsed = ZCreateDealRequest.safeParse(row.data);
      if (!parsed.success) row.errors.push(...fieldErrors(parsed.error));
      const data = parsed.success ? parsed.data : row.data;
      return {
        result: rowResult(row, { ...shownNumber, ...data }, 'new', null),
        create: parsed.success ? parsed.data : undefined,
      };
    }
    const { company_name: _company, ...fields } = row.data;
    const parsed = ZDealImportUpdate.safeParse(fields);
    if (!parsed.success) {
      row.errors.push(...fieldErrors(parsed.error));
      return { result: rowResult(row, { ...shownNumber, ...row.data }, 'skip', match.id) };
    }
    const shown = { deal_number: match.dealNumber, company_name: match.companyName, ...parsed.data };
    if (onExisting === 'skip') return { result: rowResult(row, shown, 'skip', match.id) };
    const patch: TUpdateDealRequest = { ...parsed.data };
    if (patch.financial_metrics) {
      patch.financial_metrics = { ...(match.financialMetrics as object), ...patch.financial_metrics };
    }
    const changed = changedFields(patch, match, columnsFromRequest);
    if (Object.keys(changed).length === 0) return { result: rowResult(row, shown, 'unchanged', match.id) };
    return { result: rowResult(row, shown, 'update', match.id), update: { id: match.id, patch: changed } };
  });
}
