import type {
  TInactiveCompaniesQuery,
  TInactiveCompaniesResponse,
  TSimilarCompaniesQuery,
  TSimilarCompaniesResponse,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { companiesSimilarTo } from '../companies/index.ts';
import * as repository from './company-knowledge.repository.ts';
import { normaliseWords } from './lexemes.repository.ts';
import { MAX_DECIDING_TERMS, parseSearchQuery } from './search-query.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function similarCompanies(
  db: Database,
  organizationId: string,
  query: TSimilarCompaniesQuery,
): Promise<TSimilarCompaniesResponse> {
  const words = query.description
    ? parseSearchQuery(query.description).terms.map((alternatives) => alternatives[0] ?? '')
    : [];
  const normalised = await normaliseWords(db, words.filter(Boolean));
  // The description's first distinct content words; a long description's tail adds little.
  const terms = [...new Set(words.map((w) => normalised.get(w) ?? '').filter(Boolean))]
    .slice(0, MAX_DECIDING_TERMS * 2)
    .map((t) => `(${t})`);
  const companies = await companiesSimilarTo(db, organizationId, {
    terms,
    description: query.description || null,
    name: query.name || null,
    limit: query.limit,
  });
  return { companies, total: companies.length };
}

export async function inactiveCompanies(
  db: Database,
  organizationId: string,
  query: TInactiveCompaniesQuery,
  now = new Date(),
): Promise<TInactiveCompaniesResponse> {
  const since = new Date(now.getTime() - query.days * DAY_MS);
  const found = await repository.inactiveCompanies(db, organizationId, since, query.limit);
  return {
    days: query.days,
    since: since.toISOString(),
    companies: found.companies.map((company) => ({
      ...company,
      days_inactive: Math.floor((now.getTime() - new Date(company.last_activity_at).getTime()) / DAY_MS),
    })),
    total: found.total,
  };
}
