import {
  type TCreateDealRequest,
  type TDealStage,
  type TImportExistingCompanyRows,
  type TImportOnExisting,
  type TUpdateDealRequest,
  ZCreateDealRequest,
  ZUpdateDealRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { findCompaniesNamed } from '../companies/index.ts';
import { columnsFromRequest, type ExistingDeal, findDealsForImport, isOpenStage } from '../deals/index.ts';
import { type CompanyChangeWrite, planCompanyChanges } from './deal-company-change.ts';
import { changedFields } from './import-diff.ts';
import type { SourceRow } from './import-file.ts';
import { fieldErrors, nameIn, type PlannedRow, rowResult } from './import-plan.ts';

export interface DealPlan extends PlannedRow<TCreateDealRequest, TUpdateDealRequest> {
  /** A change of the matched deal's company, written before the deal's own fields. */
  companyChange?: CompanyChangeWrite;
  /** The row names a company that already has deals and has no deal number. */
  namesExistingCompany?: boolean;
}

export interface DealPlanOptions {
  onExisting: TImportOnExisting;
  existingCompanyRows: TImportExistingCompanyRows;
}

/** What a row may change on a matched deal: its own fields (its company is planned apart). */
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

/** Newest first: the deal an "update the latest open deal" row updates comes first. */
const newestFirst = (a: ExistingDeal, b: ExistingDeal) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.dealNumber - a.dealNumber;

/**
 * Matches each row to one of the organisation's deals, never refusing a row for being ambiguous:
 * - a row with a deal number of the organisation is that deal, whatever company it names (a
 *   different name renames the deal's company or moves the deal, see planCompanyChanges);
 * - a row without one is a new deal, even when its company has deals, unless the choice is
 *   update_latest_open: then the first such row of a company updates its latest open deal (one
 *   no numbered row names), and later rows of that company are new deals.
 * Matched rows are updated with the fields that differ, unchanged when none does, or skipped.
 */
export async function planDealRows(
  db: Database,
  organizationId: string,
  rows: SourceRow[],
  options: DealPlanOptions,
): Promise<DealPlan[]> {
  const keys = rows.map(dealKey);
  const names = [...new Set(keys.flatMap((key) => (key.name === undefined ? [] : [key.name])))];
  const companiesByName = await findCompaniesNamed(db, organizationId, names);
  const existing = await findDealsForImport(db, organizationId, {
    numbers: keys.flatMap((key) => (key.number === undefined ? [] : [key.number])),
    companyIds: [...companiesByName.values()].map((company) => company.id),
  });
  const byNumber = new Map(existing.map((deal) => [deal.dealNumber, deal]));
  const byCompany = new Map<string, ExistingDeal[]>();
  for (const deal of existing)
    byCompany.set(deal.companyId, [...(byCompany.get(deal.companyId) ?? []), deal]);

  // Numbered rows claim their deals first, so an unnumbered row never takes a deal the file names.
  const claimedBy = new Map<string, number>();
  const numbered = keys.map((key, index) => {
    const deal = key.number === undefined ? undefined : byNumber.get(key.number);
    if (!deal) return undefined;
    const first = claimedBy.get(deal.id);
    const row = rows[index]!;
    if (first !== undefined) {
      row.errors.push({
        field: 'deal_number',
        message: `deal_number ${deal.dealNumber} (${deal.companyName}) is also on row ${first}`,
      });
      return undefined;
    }
    claimedBy.set(deal.id, row.line);
    return deal;
  });
  const companyChanges = planCompanyChanges(
    numbered.map((deal, index) => {
      const name = keys[index]!.name;
      return deal && name ? { deal, name } : undefined;
    }),
    companiesByName,
  );

  return rows.map((row, index): DealPlan => {
    const { number, name } = keys[index]!;
    let match = numbered[index];
    let note: string | undefined;
    let namesExistingCompany = false;
    if (number === undefined && name) {
      const company = companiesByName.get(name);
      const ofCompany = company ? (byCompany.get(company.id) ?? []) : [];
      namesExistingCompany = ofCompany.length > 0;
      if (namesExistingCompany && options.existingCompanyRows === 'update_latest_open') {
        const open = ofCompany.filter((deal) => isOpenStage(deal.stage as TDealStage)).sort(newestFirst);
        // Only the latest open deal: a second row of the company is a new deal, not an older one.
        const latest = open[0];
        match = latest && !claimedBy.has(latest.id) ? latest : undefined;
        if (match) {
          claimedBy.set(match.id, row.line);
          note = `updates deal ${match.dealNumber}, the latest open deal of ${match.companyName}`;
        } else {
          note =
            open.length === 0
              ? `${ofCompany[0]!.companyName} has no open deal: a new deal`
              : `the latest open deal of ${ofCompany[0]!.companyName} is updated by another row: a new deal`;
        }
      } else if (namesExistingCompany) {
        note = `${ofCompany[0]!.companyName} already has ${ofCompany.length} deal${ofCompany.length === 1 ? '' : 's'}: a new deal`;
      }
    }
    const flags = namesExistingCompany ? { namesExistingCompany } : {};
    const withNote = <T extends DealPlan>(plan: T): T => {
      if (note !== undefined && plan.result.errors.length === 0) plan.result.note = note;
      return { ...plan, ...flags };
    };
    const shownNumber = number === undefined ? {} : { deal_number: number };

    if (!match) {
      const parsed = ZCreateDealRequest.safeParse(row.data);
      if (!parsed.success) row.errors.push(...fieldErrors(parsed.error));
      const data = parsed.success ? parsed.data : row.data;
      return withNote({
        result: rowResult(row, { ...shownNumber, ...data }, 'new', null),
        create: parsed.success ? parsed.data : undefined,
      });
    }
    const { company_name: _company, ...fields } = row.data;
    const parsed = ZDealImportUpdate.safeParse(fields);
    if (!parsed.success) {
      row.errors.push(...fieldErrors(parsed.error));
      return { result: rowResult(row, { ...shownNumber, ...row.data }, 'skip', match.id) };
    }
    const change = companyChanges.get(index);
    const shown = {
      deal_number: match.dealNumber,
      company_name: change ? change.shown.to : match.companyName,
      ...parsed.data,
    };
    if (options.onExisting === 'skip') return withNote({ result: rowResult(row, shown, 'skip', match.id) });
    const patch: TUpdateDealRequest = { ...parsed.data };
    if (patch.financial_metrics) {
      patch.financial_metrics = { ...(match.financialMetrics as object), ...patch.financial_metrics };
    }
    const changed = changedFields(patch, match, columnsFromRequest);
    if (Object.keys(changed).length === 0 && !change) {
      return withNote({ result: rowResult(row, shown, 'unchanged', match.id) });
    }
    const result = rowResult(row, shown, 'update', match.id);
    if (change) result.company_change = change.shown;
    return withNote({
      result,
      update: { id: match.id, patch: changed },
      ...(change ? { companyChange: change.write } : {}),
    });
  });
}
