import type { TImportCompanyChange } from '@atempo/contracts';
import type { ExistingDeal } from '../deals/index.ts';

/**
 * What a row with a deal number does to its deal's company when it names the company differently.
 * The number is the deal's identity, so a different name is an edit, never a conflict. A name
 * differing only in case is the same name (files often change case wholesale); otherwise:
 * - the name is another spelling of the deal's own company (same name key) → rename it;
 * - the name is another company the organisation has → move the deal there;
 * - the name is nobody's → rename the deal's company (a corrected name), unless another row of
 *   the file keeps that company's current name or another company already takes the new name,
 *   in which case the deal moves to a company of the new name (created once, on confirm).
 */
export type CompanyChangeWrite =
  | { kind: 'rename'; companyId: string; name: string }
  | { kind: 'move'; companyId: string }
  | { kind: 'move'; newCompanyName: string };

export interface PlannedCompanyChange {
  shown: TImportCompanyChange;
  write: CompanyChangeWrite;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

interface NumberedRow {
  deal: ExistingDeal;
  name: string;
}

/**
 * Plans the company changes of the rows whose deal number matched (index → change);
 * `companiesByName` holds the companies every row of the file names, by the row's spelling.
 */
export function planCompanyChanges(
  rows: (NumberedRow | undefined)[],
  companiesByName: Map<string, { id: string; name: string }>,
): Map<number, PlannedCompanyChange> {
  const changes = new Map<number, PlannedCompanyChange>();
  // Companies some row of the file names as they are spelled now: they keep that name.
  const keptNames = new Set<string>();
  for (const [name, company] of companiesByName) if (sameName(company.name, name)) keptNames.add(company.id);
  for (const row of rows)
    if (row && sameName(row.name, row.deal.companyName)) keptNames.add(row.deal.companyId);
  // New name key → the company renamed to it, or the name a new company gets.
  const renamedTo = new Map<string, string>();
  const renamedCompanies = new Map<string, string>();

  rows.forEach((row, index) => {
    if (!row || sameName(row.name, row.deal.companyName)) return;
    const { deal, name } = row;
    const shown = (kind: 'rename' | 'move') => ({ kind, from: deal.companyName, to: name });
    const named = companiesByName.get(name);
    if (named && named.id !== deal.companyId) {
      changes.set(index, { shown: shown('move'), write: { kind: 'move', companyId: named.id } });
      return;
    }
    const key = name.toLowerCase();
    const taker = renamedTo.get(key);
    if (taker !== undefined && taker !== deal.companyId) {
      changes.set(index, { shown: shown('move'), write: { kind: 'move', companyId: taker } });
      return;
    }
    const otherRename = renamedCompanies.get(deal.companyId);
    if (keptNames.has(deal.companyId) || (otherRename !== undefined && otherRename !== key)) {
      changes.set(index, { shown: shown('move'), write: { kind: 'move', newCompanyName: name } });
      return;
    }
    renamedTo.set(key, deal.companyId);
    renamedCompanies.set(deal.companyId, key);
    changes.set(index, {
      shown: shown('rename'),
      write: { kind: 'rename', companyId: deal.companyId, name },
    });
  });
  return changes;
}
