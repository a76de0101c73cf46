import type { Database } from '@atempo/db';
import { companyDomain, companyNameKey, findNamesInText, normaliseCompanyName } from '@atempo/documents';
import * as repository from './companies.repository.ts';

/**
 * The one way to find the organisation's companies by what names them: a name (its key, from
 * @atempo/documents company-names.ts: case, accents, punctuation and legal form ignored), a website
 * or email domain (the registrable domain; public mail providers never match), or the whole words
 * of a text. Every module that recognises a company calls these (see docs/ARCHITECTURE.md,
 * "Company matching"); the SQL is in companies.repository.ts.
 */

export type CompanyRow = repository.CompanyRow;

/** Shorter name keys ("AI", "Go") appear inside ordinary sentences too often to count as a mention. */
export const MIN_MENTION_KEY_LENGTH = 3;
/** How much of a text is read for company names. */
export const MENTION_SCAN_CHARS = 50_000;

export interface CompanyMatch {
  company: CompanyRow;
  /** name: a given name's key; domain: a website or email domain; text: named in the text. */
  matchedBy: 'name' | 'domain' | 'text';
  /** The given name, domain or email, or the text's words that named it. */
  input: string;
}

export interface CompanyMatchQuery {
  names?: string[];
  /** Websites, host names or URLs. */
  domains?: string[];
  emails?: string[];
  text?: string;
}

/**
 * Of rows already read, the one `name` names: same name key, the same spelling first when two
 * share a key. For callers that hold a page of companies (the signal scan) and must not ask again.
 */
export function companyNamedIn<T extends { name: string }>(rows: readonly T[], name: string): T | undefined {
  const key = companyNameKey(name);
  if (key === '') return undefined;
  const same = rows.filter((row) => companyNameKey(row.name) === key);
  return same.find((row) => row.name.toLowerCase() === name.toLowerCase()) ?? same[0];
}
const byName = companyNamedIn<CompanyRow>;

/**
 * Which of the organisation's companies the query names: each given name (its key; the company
 * spelled the same way first when two share a key), each domain and email (registrable domain of
 * the company's website), then the companies named in the text as whole words. A company once, by
 * the first of these that found it; names that matched none are returned as `unmatchedNames`.
 */
export async function matchCompanies(
  db: Database,
  organizationId: string,
  query: CompanyMatchQuery,
): Promise<{ matches: CompanyMatch[]; unmatchedNames: string[] }> {
  const matches = new Map<string, CompanyMatch>();
  const add = (company: CompanyRow, matchedBy: CompanyMatch['matchedBy'], input: string) => {
    if (!matches.has(company.id)) matches.set(company.id, { company, matchedBy, input });
  };
  const names = query.names ?? [];
  const unmatchedNames: string[] = [];
  const named = await repository.findCompaniesByNameKeys(db, organizationId, names);
  for (const name of names) {
    const company = byName(named, name);
    if (company) add(company, 'name', name);
    else unmatchedNames.push(name);
  }
  const addresses = [...(query.domains ?? []), ...(query.emails ?? [])];
  const domainOf = new Map(addresses.map((address) => [address, companyDomain(address)]));
  const domains = [...new Set([...domainOf.values()].filter((domain) => domain !== null))];
  const byDomain = await repository.findCompaniesByWebsiteDomains(db, organizationId, domains);
  for (const address of addresses) {
    for (const company of byDomain) {
      if (company.website && companyDomain(company.website) === domainOf.get(address))
        add(company, 'domain', address);
    }
  }
  if (query.text) {
    for (const found of await findCompaniesInText(db, organizationId, query.text))
      add(found.company, 'text', found.input);
  }
  return { matches: [...matches.values()], unmatchedNames };
}

/**
 * The organisation's company a name, a website or an email address names, if any: by name key
 * first (the same spelling preferred), then by domain. The door for "is this company already ours?".
 */
export async function findCompanyByNameOrDomain(
  db: Database,
  organizationId: string,
  by: { name?: string; website?: string; email?: string },
): Promise<CompanyRow | undefined> {
  const { matches } = await matchCompanies(db, organizationId, {
    names: by.name ? [by.name] : [],
    domains: by.website ? [by.website] : [],
    emails: by.email ? [by.email] : [],
  });
  return matches[0]?.company;
}

/** The organisation's company of this name (its key), the one spelled the same way first. */
export async function findCompanyByName(
  db: Database,
  organizationId: string,
  name: string,
): Promise<CompanyRow | undefined> {
  return byName(await repository.findCompaniesByNameKeys(db, organizationId, [name]), name);
}

/** The organisation's companies of these names, by key (each name's best; unmatched names left out). */
export async function findCompaniesNamed(
  db: Database,
  organizationId: string,
  names: string[],
): Promise<Map<string, CompanyRow>> {
  const rows = await repository.findCompaniesByNameKeys(db, organizationId, names);
  const found = new Map<string, CompanyRow>();
  for (const name of names) {
    const company = byName(rows, name);
    if (company) found.set(name, company);
  }
  return found;
}

/**
 * The companies a text names, as whole words of its normalised form (findNamesInText: "Lune" is
 * not in "Lunel"; "Acme Ltd" is in "we met acme"), keys of MIN_MENTION_KEY_LENGTH or more, in the
 * order they appear; the first MENTION_SCAN_CHARS of the text are read.
 */
export async function findCompaniesInText(
  db: Database,
  organizationId: string,
  text: string,
): Promise<{ company: CompanyRow; input: string; start: number; end: number }[]> {
  const words = normaliseCompanyName(text.slice(0, MENTION_SCAN_CHARS));
  const candidates = await repository.findCompaniesWithKeyInText(
    db,
    organizationId,
    words,
    MIN_MENTION_KEY_LENGTH,
  );
  const wordList = words === '' ? [] : words.split(' ');
  return findNamesInText(wordList, candidates, { minKeyLength: MIN_MENTION_KEY_LENGTH })
    .sort((a, b) => a.start - b.start)
    .map((found) => ({
      company: found.candidate,
      input: wordList.slice(found.start, found.end).join(' '),
      start: found.start,
      end: found.end,
    }));
}

/** The organisation's companies closest to a typed name, best first (company-fuzzy-names.ts). */
export const findCompaniesByFuzzyName = (
  db: Database,
  organizationId: string,
  name: string,
  limit = 6,
): Promise<{ id: string; name: string; score: number }[]> =>
  repository.findCompaniesByFuzzyName(db, organizationId, name, limit);
