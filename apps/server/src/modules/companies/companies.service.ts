import type {
  TCompany,
  TCompanyListQuery,
  TCompanyListResponse,
  TCompanyScoringStats,
  TCreateCompanyRequest,
  TInvestmentThesis,
  TUpdateCompanyRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { round1 } from '@atempo/scoring';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { getThesis } from '../thesis/index.ts';
import { companyNamesByIds } from './companies.queries.ts';
import * as repository from './companies.repository.ts';
import {
  columnsFromRequest,
  companyFacts,
  newCompanyRow,
  toCompany,
  toCompanyListItem,
} from './company-columns.ts';
import { findCompanyByName } from './company-matcher.ts';
import { scoreCompanyColumns, touchesCompanyScore, touchesDealsOfCompany } from './company-scores.ts';

export type { CompanyRow, CompanyWithWatch } from './companies.repository.ts';
export { toCompany, toCompanyWithWatch } from './company-columns.ts';
export {
  type CompanyMatch,
  findCompaniesByFuzzyName,
  findCompaniesInText,
  findCompaniesNamed,
  findCompanyByName,
  findCompanyByNameOrDomain,
  matchCompanies,
} from './company-matcher.ts';

const NAME_INDEX = 'companies_org_name_unique';
/** Inserted rows per statement in bulk creates (well under PostgreSQL's parameter limit). */
const INSERT_CHUNK = 200;

export const companyNotFound = () => notFound('Company not found');
export const companyNameTaken = (name: string) =>
  conflict(`A company named ${name} already exists`, 'COMPANY_EXISTS');

function scored(values: ReturnType<typeof newCompanyRow>, thesis: TInvestmentThesis, now: Date) {
  return { ...values, ...scoreCompanyColumns(companyFacts(values), thesis, now) };
}

/** Creates one company, scored against the organisation's thesis; 409 when the name is taken. */
export async function createCompany(
  db: Database,
  organizationId: string,
  input: TCreateCompanyRequest,
): Promise<repository.CompanyRow> {
  const [company] = await createCompanies(db, organizationId, [input]);
  return company!;
}

/**
 * Creates companies all-or-nothing (one transaction, joining the caller's when `db` is one),
 * each scored. A name already used in the organisation, or twice in the batch, is a 409 naming it.
 * Rows come back in input order.
 */
export async function createCompanies(
  db: Database,
  organizationId: string,
  inputs: TCreateCompanyRequest[],
): Promise<repository.CompanyRow[]> {
  const seen = new Set<string>();
  for (const input of inputs) {
    const key = input.name.toLowerCase();
    if (seen.has(key)) throw companyNameTaken(input.name);
    seen.add(key);
  }
  return db.transaction(async (tx) => {
    const [existing] = await repository.findCompaniesByNames(
      tx,
      organizationId,
      inputs.map((input) => input.name),
    );
    if (existing) {
      const asRequested = inputs.find((input) => input.name.toLowerCase() === existing.name.toLowerCase());
      throw companyNameTaken(asRequested?.name ?? existing.name);
    }
    const thesis = await getThesis(tx, organizationId);
    const now = new Date();
    const rows: repository.CompanyRow[] = [];
    try {
      for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
        const chunk = inputs.slice(start, start + INSERT_CHUNK);
        rows.push(
          ...(await repository.insertCompanies(
            tx,
            chunk.map((input) => scored(newCompanyRow(organizationId, input, now), thesis, now)),
          )),
        );
      }
    } catch (error) {
      // Someone created one of these names since the check above (for a single create, this one).
      if (isUniqueViolation(error, NAME_INDEX)) throw companyNameTaken(inputs[0]!.name);
      throw error;
    }
    // Inside the transaction: if a row cannot be matched to its input, nothing is committed.
    const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row]));
    return inputs.map((input) => {
      const row = byName.get(input.name.toLowerCase());
      if (!row) throw new Error(`Company '${input.name}' was not stored as sent`);
      return row;
    });
  });
}

/**
 * The organisation's company that `input.name` names (company-matcher.ts: its name key, so "Acme"
 * finds "Acme Ltd") as it is; when there is none, created from `input` (and scored). Safe when two
 * requests create the same name at once: the second finds the first's row.
 */
export async function findOrCreateCompanyByName(
  db: Database,
  organizationId: string,
  input: TCreateCompanyRequest,
  thesis: TInvestmentThesis,
): Promise<repository.CompanyRow> {
  const { name } = input;
  const existing = await findCompanyByName(db, organizationId, name);
  if (existing) return existing;
  const now = new Date();
  const created = await repository.insertCompanyUnlessNameTaken(
    db,
    scored(newCompanyRow(organizationId, input, now), thesis, now),
  );
  if (created) return created;
  const raced = await findCompanyByName(db, organizationId, name);
  if (!raced) throw new Error(`Company '${name}' neither inserted nor found`);
  return raced;
}

/**
 * Each company id a body or query names is one of the organisation's, or 404 as a path id would
 * be: a filter or a link naming another organisation's company is refused, not answered empty.
 */
export async function requireCompanyIds(
  db: Database,
  organizationId: string,
  ids: readonly string[] | undefined,
): Promise<void> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return;
  const found = await companyNamesByIds(db, organizationId, wanted);
  if (found.length < wanted.length) throw companyNotFound();
}

export async function getCompanyRow(
  db: Database,
  organizationId: string,
  id: string,
): Promise<repository.CompanyRow> {
  const company = await repository.findCompany(db, organizationId, id);
  if (!company) throw companyNotFound();
  return company;
}

export async function getCompany(
  db: Database,
  organizationId: string,
  id: string,
): Promise<repository.CompanyWithWatch> {
  const company = await repository.findCompanyWithWatch(db, organizationId, id);
  if (!company) throw companyNotFound();
  return company;
}

export interface CompanyUpdate {
  company: repository.CompanyRow;
  /** The change affects the scores of the company's deals (they read its funding stage). */
  dealsNeedRescore: boolean;
}

/** Applies a partial update under a row lock; re-scores when a field the scores read was sent. */
export async function updateCompany(
  db: Database,
  organizationId: string,
  id: string,
  patch: TUpdateCompanyRequest,
): Promise<CompanyUpdate> {
  return db.transaction(async (tx) => {
    const current = await repository.findCompany(tx, organizationId, id, { forUpdate: true });
    if (!current) throw companyNotFound();
    const now = new Date();
    let values: Partial<repository.NewCompanyRow> = { ...columnsFromRequest(patch), updatedAt: now };
    if (touchesCompanyScore(patch)) {
      const thesis = await getThesis(tx, organizationId);
      values = { ...values, ...scoreCompanyColumns(companyFacts({ ...current, ...values }), thesis, now) };
    }
    try {
      const company = await repository.updateCompany(tx, organizationId, id, values);
      return { company: company!, dealsNeedRescore: touchesDealsOfCompany(patch) };
    } catch (error) {
      if (patch.name !== undefined && isUniqueViolation(error, NAME_INDEX))
        throw companyNameTaken(patch.name);
      throw error;
    }
  });
}

/** Deletes the company; its deals and watchlist entry go with it. */
export async function deleteCompany(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await repository.deleteCompany(db, organizationId, id))) throw companyNotFound();
}

export async function listCompanies(
  db: Database,
  organizationId: string,
  query: TCompanyListQuery,
): Promise<TCompanyListResponse> {
  const { rows, total } = await repository.listCompanies(db, organizationId, query);
  return { companies: rows.map(toCompanyListItem), total, limit: query.limit, offset: query.offset };
}

/** Whole companies in name order, a page at a time (the CSV export). */
export async function companiesForExport(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<TCompany[]> {
  return (await repository.companiesInNameOrder(db, organizationId, page)).map(toCompany);
}

export const countCompanies = repository.countCompanies;

export async function companyScoringStats(
  db: Database,
  organizationId: string,
): Promise<TCompanyScoringStats> {
  const stats = await repository.companyStats(db, organizationId);
  return {
    total_companies: stats.total,
    scored_companies: stats.scored,
    average_score: stats.average === null ? null : round1(stats.average),
    high_priority: stats.high,
    medium_priority: stats.medium,
    low_priority: stats.low,
  };
}
