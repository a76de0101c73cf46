import { COMPANY_LIST_PREVIEW, type TCompanySort, type TMonitoringPriority } from '@atempo/contracts';
import { companies, type Database, watchlistEntries } from '@atempo/db';
import { registrableDomain } from '@atempo/documents';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { fuzzyNameCandidates, fuzzyNameScore, NAME_MATCH_THRESHOLD } from './company-fuzzy-names.ts';
import { companyNameKeySql, nameKeyMatch } from './company-name-key.ts';
import { containsPattern } from './contains-pattern.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
export type CompanyWithWatch = CompanyRow & { watchlistEntryId: string | null };

const inOrg = (organizationId: string, id: string) =>
  and(eq(companies.organizationId, organizationId), eq(companies.id, id));

/** The watchlist entry of each company, if it is watched (one per company and organisation). */
const withWatch = { company: companies, watchlistEntryId: watchlistEntries.id };
const watchJoin = and(
  eq(watchlistEntries.companyId, companies.id),
  eq(watchlistEntries.organizationId, companies.organizationId),
);
const flatten = (row: { company: CompanyRow; watchlistEntryId: string | null }): CompanyWithWatch => ({
  ...row.company,
  watchlistEntryId: row.watchlistEntryId,
});

export async function insertCompanies(db: Database, values: NewCompanyRow[]): Promise<CompanyRow[]> {
  if (values.length === 0) return [];
  return db.insert(companies).values(values).returning();
}

/** Inserts unless the organisation already has a company of that name (any case); then undefined. */
export async function insertCompanyUnlessNameTaken(
  db: Database,
  values: NewCompanyRow,
): Promise<CompanyRow | undefined> {
  const [row] = await db.insert(companies).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCompany(
  db: Database,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CompanyRow | undefined> {
  const query = db.select().from(companies).where(inOrg(organizationId, id));
  const [row] = options.forUpdate ? await query.for('no key update') : await query;
  return row;
}

export async function findCompanyWithWatch(
  db: Database,
  organizationId: string,
  id: string,
): Promise<CompanyWithWatch | undefined> {
  const [row] = await db
    .select(withWatch)
    .from(companies)
    .leftJoin(watchlistEntries, watchJoin)
    .where(inOrg(organizationId, id));
  return row && flatten(row);
}

/**
 * The companies whose name key is that of one of `names` (company-name-key.ts), those spelled the
 * same way (any case) first. One statement for any number of names.
 */
export async function findCompaniesByNameKeys(
  db: Database,
  organizationId: string,
  names: string[],
): Promise<CompanyRow[]> {
  const matches = names.map(nameKeyMatch).filter((match) => match.key !== '');
  if (matches.length === 0) return [];
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const rows = await db
    .select()
    .from(companies)
    .where(
      and(
        eq(companies.organizationId, organizationId),
        or(...matches.map((match) => match.narrow(companies.name))),
      ),
    )
    .orderBy(
      sql`lower(${companies.name}) not in (${sql.join(
        lowered.map((name) => sql`${name}`),
        sql`, `,
      )})`,
      companies.name,
      companies.id,
    );
  return rows.filter((row) => matches.some((match) => match.sameName(row.name)));
}

/**
 * The companies whose website's registrable domain is one of `domains` (already registrable and
 * lower case: companyDomain). The database narrows to websites containing a domain; the domain of
 * each is then computed the one way (registrableDomain), so "shop.acme.co.uk" is acme.co.uk and
 * "notacme.co.uk" is not.
 */
export async function findCompaniesByWebsiteDomains(
  db: Database,
  organizationId: string,
  domains: string[],
): Promise<CompanyRow[]> {
  const wanted = new Set(domains);
  if (wanted.size === 0) return [];
  const rows = await db
    .select()
    .from(companies)
    .where(
      and(
        eq(companies.organizationId, organizationId),
        or(...[...wanted].map((domain) => ilike(companies.website, containsPattern(domain)))),
      ),
    )
    .orderBy(companies.name, companies.id);
  return rows.filter((row) => row.website !== null && wanted.has(registrableDomain(row.website) ?? ''));
}

/**
 * The companies whose name key occurs in `normalisedText` (normaliseCompanyName of a text) and is
 * at least `minKeyLength` characters long: the candidates of a whole-word search
 * (findNamesInText), narrowed here by plain containment of the SQL-computed key.
 */
export async function findCompaniesWithKeyInText(
  db: Database,
  organizationId: string,
  normalisedText: string,
  minKeyLength: number,
): Promise<CompanyRow[]> {
  if (normalisedText === '') return [];
  const key = companyNameKeySql(companies.name);
  return db
    .select()
    .from(companies)
    .where(
      and(
        eq(companies.organizationId, organizationId),
        sql`length(${key}) >= ${minKeyLength}`,
        sql`strpos(${` ${normalisedText} `}, ' ' || ${key} || ' ') > 0`,
      ),
    )
    .orderBy(companies.name, companies.id);
}

/** The organisation's companies closest to `name` (company-fuzzy-names.ts), best first, at most `limit`. */
export async function findCompaniesByFuzzyName(
  db: Database,
  organizationId: string,
  name: string,
  limit: number,
): Promise<{ id: string; name: string; score: number }[]> {
  const rows = await rowsOf<{ id: string; name: string; score: number | string }>(
    db,
    sql`select id, name, score from (
        select co.id, co.name, ${fuzzyNameScore(sql`co.name`, name)} as score
        from companies co
        join (${fuzzyNameCandidates(organizationId, name)}) candidates on candidates.id = co.id
      ) scored
      where score >= ${NAME_MATCH_THRESHOLD}
      order by score desc, name
      limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, score: Math.min(1, Number(row.score)) }));
}

/** The companies of these names, compared case-insensitively. */
export async function findCompaniesByNames(
  db: Database,
  organizationId: string,
  names: string[],
): Promise<CompanyRow[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  return db
    .select()
    .from(companies)
    .where(
      and(eq(companies.organizationId, organizationId), inArray(sql`lower(${companies.name})`, lowered)),
    );
}

export async function updateCompany(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<NewCompanyRow>,
): Promise<CompanyRow | undefined> {
  const [row] = await db.update(companies).set(values).where(inOrg(organizationId, id)).returning();
  return row;
}

export async function deleteCompany(db: Database, organizationId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(companies).where(inOrg(organizationId, id)).returning({ id: companies.id });
  return deleted.length > 0;
}

const SORT_COLUMNS = {
  name: sql`lower(${companies.name})`,
  thematic_score: companies.thematicScore,
  created_at: companies.createdAt,
  revenue: companies.revenue,
  revenue_growth: companies.revenueGrowth,
} as const;

/** Unknown values last in either direction; then by name and id so pages are stable. */
function orderFor(sort: TCompanySort): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  return [
    descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
    asc(sql`lower(${companies.name})`),
    asc(companies.id),
  ];
}

export interface CompanyFilter {
  search?: string;
  priority?: TMonitoringPriority;
  sort: TCompanySort;
  limit: number;
  offset: number;
}

/** The columns of a companies-table row (ZCompanyListItem): previews of the lists, with their sizes. */
const listColumns = {
  id: companies.id,
  name: companies.name,
  industry: companies.industry,
  headquartersCountry: companies.headquartersCountry,
  stage: companies.stage,
  revenue: companies.revenue,
  revenueGrowth: companies.revenueGrowth,
  description: companies.description,
  confidenceScore: companies.confidenceScore,
  thematicScore: companies.thematicScore,
  monitoringPriority: companies.monitoringPriority,
  watchlistEntryId: watchlistEntries.id,
  investors: sql<
    unknown[]
  >`jsonb_path_query_array(${companies.investors}, ${sql.raw(`'$[0 to ${COMPANY_LIST_PREVIEW - 1}]'`)})`,
  investorCount: sql<number>`jsonb_array_length(${companies.investors})`,
  sourceArticles: sql<
    unknown[]
  >`jsonb_path_query_array(${companies.sourceArticles}, ${sql.raw(`'$[0 to ${COMPANY_LIST_PREVIEW - 1}]'`)})`,
  sourceArticleCount: sql<number>`jsonb_array_length(${companies.sourceArticles})`,
};
export type CompanyListRow = {
  id: string;
  name: string;
  industry: string | null;
  headquartersCountry: string | null;
  stage: string | null;
  revenue: number | null;
  revenueGrowth: number | null;
  description: string | null;
  confidenceScore: number;
  thematicScore: number | null;
  monitoringPriority: string | null;
  watchlistEntryId: string | null;
  investors: unknown[];
  investorCount: number;
  sourceArticles: unknown[];
  sourceArticleCount: number;
};

/**
 * A page of the companies table with its total in one round trip: the count (companies alone, no
 * filter needs the join) rides along as an uncorrelated scalar subquery, as the deals list does.
 */
export async function listCompanies(
  db: Database,
  organizationId: string,
  filter: CompanyFilter,
): Promise<{ rows: CompanyListRow[]; total: number }> {
  const conditions = [eq(companies.organizationId, organizationId)];
  if (filter.search) conditions.push(ilike(companies.name, containsPattern(filter.search)));
  if (filter.priority) conditions.push(eq(companies.monitoringPriority, filter.priority));
  const where = and(...conditions);
  const countQuery = db.select({ total: count() }).from(companies).where(where);
  const rows = await db
    .select({ ...listColumns, total: sql<number>`(${countQuery})`.mapWith(Number) })
    .from(companies)
    .leftJoin(watchlistEntries, watchJoin)
    .where(where)
    .orderBy(...orderFor(filter.sort))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (filter.offset === 0) return { rows, total: 0 };
  const [counted] = await countQuery;
  return { rows, total: counted?.total ?? 0 };
}

/** Whole companies in name order, a page at a time (the CSV export). */
export async function companiesInNameOrder(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.organizationId, organizationId))
    .orderBy(...orderFor('name'))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCompanies(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(companies)
    .where(eq(companies.organizationId, organizationId));
  return row?.total ?? 0;
}

export interface CompanyStatsRow {
  total: number;
  scored: number;
  average: number | null;
  high: number;
  medium: number;
  low: number;
}

export async function companyStats(db: Database, organizationId: string): Promise<CompanyStatsRow> {
  const priority = (value: TMonitoringPriority) =>
    count(sql`case when ${companies.monitoringPriority} = ${value} then 1 end`);
  const [row] = await db
    .select({
      total: count(),
      scored: count(companies.thematicScore),
      average: sql<number | null>`avg(${companies.thematicScore})::float8`,
      high: priority('high'),
      medium: priority('medium'),
      low: priority('low'),
    })
    .from(companies)
    .where(eq(companies.organizationId, organizationId));
  return row ?? { total: 0, scored: 0, average: null, high: 0, medium: 0, low: 0 };
}
