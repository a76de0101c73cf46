/**
 * Reads of companies for other modules (signals, alerts, dashboard), each answering only the
 * columns its caller needs; batched by ids, never one query per company.
 */
import { companies, type Database } from '@atempo/db';
import { and, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';

/** Names of the organisation's companies among `ids`, as a map by id (unknown ids are absent). */
export async function companyNameMap(
  db: Database,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), inArray(companies.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The companies a signal scan looks at: flagged with IPO signals, or among `ids`, or named
 * (case-insensitively) by one of `names`; ordered by name.
 */
export async function companiesForSignals(
  db: Database,
  organizationId: string,
  ids: readonly string[],
  names: readonly string[],
) {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const named: SQL[] = [eq(companies.ipoSignals, true)];
  if (ids.length > 0) named.push(inArray(companies.id, [...new Set(ids)]));
  if (lowered.length > 0) named.push(inArray(sql`lower(${companies.name})`, lowered));
  return db
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
