/**
 * Reads of companies for other modules (signals, alerts, dashboard), each answering only the
 * columns its caller needs; batched by ids, never one query per company.
 */
import { companies, type Database } from '@atempo/db';
import { and, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { nameKeyMatch } from './company-name-key.ts';

/**
 * The companies a signal scan looks at: flagged with IPO signals, or among `ids`, or named by one
 * of `names` (the one company matcher's name key: "Acme Ltd" is "ACME"); ordered by name.
 */
export async function companiesForSignals(
  db: Database,
  organizationId: string,
  ids: readonly string[],
  names: readonly string[],
) {
  const matches = [...new Set(names)].map(nameKeyMatch).filter((match) => match.key !== '');
  const wanted = new Set(ids);
  const named: SQL[] = [eq(companies.ipoSignals, true)];
  if (wanted.size > 0) named.push(inArray(companies.id, [...wanted]));
  // The database narrows by each key's longest word; the key itself decides below.
  for (const match of matches) named.push(match.narrow(companies.name));
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      industry: companies.industry,
      country: companies.headquartersCountry,
      stage: companies.stage,
      ipoSignals: companies.ipoSignals,
    })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), or(...named)))
    .orderBy(companies.name, companies.id);
  return rows.filter(
    (row) => row.ipoSignals || wanted.has(row.id) || matches.some((match) => match.sameName(row.name)),
  );
}

/** How many of the organisation's companies had been created by `at`. */
export async function countCompaniesCreatedBy(
  db: Database,
  organizationId: string,
  at: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), lte(companies.createdAt, at)));
  return Number(row?.total ?? 0);
}

/** Name and industry of the organisation's companies among `ids`, by id (unknown ids are absent). */
export async function companySubjectsByIds(
  db: Database,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, { name: string; industry: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name, industry: companies.industry })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), inArray(companies.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, ...subject }) => [id, subject]));
}
