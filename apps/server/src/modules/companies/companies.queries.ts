import type { TSimilarCompany } from '@atempo/contracts';
import { companies, type Database } from '@atempo/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/** Read functions other modules use through the door: small projections, batched by ids. */

/** The names of these companies of the organisation; ids of another organisation are absent. */
export async function companyNamesByIds(
  db: Database,
  organizationId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), inArray(companies.id, unique)));
}

/**
 * Companies ranked by how close they are to a description (share of its terms their name, industry
 * and description hold, then ts_rank_cd; the industry's trigram closeness to the description) and
 * to a name (trigram similarity). `terms` are tsquery texts of the description's words.
 */
export async function companiesSimilarTo(
  db: Database,
  organizationId: string,
  options: { terms: string[]; description: string | null; name: string | null; limit: number },
): Promise<TSimilarCompany[]> {
  const { terms, description, name, limit } = options;
  const text = sql.raw(
    `to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`,
  );
  const parts: SQL[] = [sql`0::float8`];
  if (terms.length > 0) {
    const any = terms.join(' | ');
    const matched = sql.join(
      terms.map((term) => sql`(${text} @@ ${term}::tsquery)::int`),
      sql` + `,
    );
    parts.push(
      sql`case when ${text} @@ ${any}::tsquery then 0.8 * (${matched})::float8 / ${terms.length} + 0.2 * ts_rank_cd(${text}, ${any}::tsquery, 32) else 0 end`,
    );
  }
  if (description) parts.push(sql`coalesce(word_similarity(co.industry, ${description}), 0)::float8 * 0.8`);
  if (name) parts.push(sql`similarity(co.name, ${name})::float8`);
  const rows = await rowsOf<TSimilarCompany & { thematic_score: number | string | null }>(
    db,
    sql`select * from (
      select co.id, co.name, co.industry, co.stage, co.headquarters_country,
        left(co.description, 500) as description, co.thematic_score,
        greatest(${sql.join(parts, sql`, `)}) as similarity
      from companies co
      where co.organization_id = ${organizationId}
    ) ranked
    where similarity >= 0.1
    order by similarity desc, name
    limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    thematic_score: row.thematic_score === null ? null : Number(row.thematic_score),
    similarity: Math.min(1, Number(row.similarity)),
  }));
}

/** A company's name and the figures an automation reads, when it is the organisation's. */
export async function companyFinancials(
  db: Database,
  organizationId: string,
  companyId: string,
): Promise<
  | {
      id: string;
      name: string;
      financialMetrics: unknown;
      revenue: number | null;
      revenueGrowth: number | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      financialMetrics: companies.financialMetrics,
      revenue: companies.revenue,
      revenueGrowth: companies.revenueGrowth,
    })
    .from(companies)
    .where(and(eq(companies.organizationId, organizationId), eq(companies.id, companyId)));
  return row;
}

/** A company's name and latest change, when it is the organisation's. */
export async function companyNameAndUpdate(
  db: Database,
  organizationId: string,
  companyId: string,
): Promise<{ id: string; name: string; updated_at: string | Date } | undefined> {
  const [row] = await rowsOf<{ id: string; name: string; updated_at: string | Date }>(
    db,
    sql`select id, name, updated_at from companies
      where id = ${companyId} and organization_id = ${organizationId}`,
  );
  return row;
}

/**
 * A fingerprint of the organisation's company names (how many companies, latest change): a
 * company added, renamed or removed changes it, so a cache of the names can tell it is stale.
 */
export async function companyNamesFingerprint(db: Database, organizationId: string): Promise<string> {
  const [state] = await rowsOf<{ n: number | string; at: string | Date | null }>(
    db,
    sql`select count(*) as n, max(updated_at) as at from companies where organization_id = ${organizationId}`,
  );
  return `${state?.n ?? 0}|${state?.at ? new Date(state.at).toISOString() : ''}`;
}

/** Every company of the organisation, id and name only (a name index is built from them). */
export async function allCompanyNames(
  db: Database,
  organizationId: string,
): Promise<{ id: string; name: string }[]> {
  return rowsOf<{ id: string; name: string }>(
    db,
    sql`select id, name from companies where organization_id = ${organizationId}`,
  );
}
