import type { Database } from '@atempo/db';
import { companyNameWords } from '@atempo/documents';
import { allCompanyNames, companyNamesFingerprint } from '../../companies/index.ts';

/**
 * The organisation's company names, normalised once (companyNameWords, the shared normalisation) and kept in
 * memory, so naming a company in a question costs a lookup by word, not a scan of every name
 * (10,000 companies: folding each name in SQL took 200 ms a question). Every question first reads
 * a fingerprint of the organisation's companies (how many, latest change); a company added,
 * renamed or removed changes it and the names are read again, so an answer never misses a company
 * that exists or finds one that does not.
 */

export interface NamedCompany {
  id: string;
  name: string;
  /** The name's normalised words ("Café Santé SAS" → cafe, sante, sas). */
  words: string[];
}

interface NameIndex {
  fingerprint: string;
  /** Companies by the first word of their name. */
  byFirstWord: Map<string, NamedCompany[]>;
}

/** Organisations whose names are kept, per database; the least recently asked is dropped first. */
const MAX_ORGANISATIONS = 200;
const indexes = new WeakMap<Database, Map<string, NameIndex>>();

async function nameIndex(db: Database, organizationId: string): Promise<NameIndex> {
  let byOrganisation = indexes.get(db);
  if (!byOrganisation) {
    byOrganisation = new Map();
    indexes.set(db, byOrganisation);
  }
  const fingerprint = await companyNamesFingerprint(db, organizationId);
  const cached = byOrganisation.get(organizationId);
  if (cached && cached.fingerprint === fingerprint) {
    // Most recently asked last, for the eviction order.
    byOrganisation.delete(organizationId);
    byOrganisation.set(organizationId, cached);
    return cached;
  }
  const rows = await allCompanyNames(db, organizationId);
  const byFirstWord = new Map<string, NamedCompany[]>();
  for (const row of rows) {
    const words = companyNameWords(row.name);
    const first = words[0];
    if (!first) continue;
    const list = byFirstWord.get(first) ?? [];
    list.push({ id: row.id, name: row.name, words });
    byFirstWord.set(first, list);
  }
  const index = { fingerprint, byFirstWord };
  byOrganisation.delete(organizationId);
  byOrganisation.set(organizationId, index);
  while (byOrganisation.size > MAX_ORGANISATIONS) {
    const oldest = byOrganisation.keys().next().value;
    if (oldest === undefined) break;
    byOrganisation.delete(oldest);
  }
  return index;
}

/** The organisation's companies whose name starts with one of `words`. */
export async function companiesStartingWith(
  db: Database,
  organizationId: string,
  words: string[],
): Promise<NamedCompany[]> {
  const index = await nameIndex(db, organizationId);
  const found = new Map<string, NamedCompany>();
  for (const word of new Set(words))
    for (const company of index.byFirstWord.get(word) ?? []) found.set(company.id, company);
  return [...found.values()];
}
