import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { containsPattern } from './contains-pattern.ts';

/**
 * Company profiles for the research engine: candidates by search terms and stages, one company by
 * id, and the organisation's whole portfolio for quartiles. Every query is scoped to
 * `organizationId`. The term and stage filters are pure SQL builders, also used by the research
 * module's own joins and by funding-news' announcement search.
 */

/** Candidates read per search before the engine filters and ranks them. */
export const SEARCH_CANDIDATES = 500;

/** Text that matches any of the terms (all rows when there are none). */
export function anyTerm(terms: string[], columns: SQL[]): SQL {
  if (terms.length === 0) return sql`true`;
  const text = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );
  return sql`(${sql.join(
    terms.map((term) => sql`(${text}) ilike ${containsPattern(term)}`),
    sql` or `,
  )})`;
}

const STAGE_PATTERN = (letter: string) =>
  letter === 'D'
    ? String.raw`^\s*(series[\s_-]*[d-z]|d)\d*\s*(\+|extension|round)?\s*$`
    : String.raw`^\s*(series[\s_-]*)?${letter.toLowerCase()}\d*\s*(\+|extension|round)?\s*$`;

/**
 * The stage column matches one of the research stages (all rows when none is asked for); stages
 * are matched as "Series B", "series_b", "B", "Series B2"….
 */
export function stageFilter(column: SQL, stages: string[]): SQL {
  if (stages.length === 0) return sql`true`;
  return sql`(${sql.join(
    stages.map((stage) => sql`lower(coalesce(${column}, '')) ~ ${STAGE_PATTERN(stage)}`),
    sql` or `,
  )})`;
}

export interface CompanyProfileRow {
  id: string;
  name: string;
  industry: string | null;
  headquarters_country: string | null;
  stage: string | null;
  description: string | null;
  revenue: number | string | null;
  revenue_growth: number | null;
  employee_count: number | null;
  last_funding_amount: number | string | null;
  total_funding: number | string | null;
  website: string | null;
  investors: string[];
  source_articles: { url?: string | null; type?: string | null; published_date?: string | null }[];
  financial_metrics: Record<string, unknown>;
  thematic_score: number | null;
  confidence_score: number;
  source: string | null;
  updated_at: string | Date;
}

const COMPANY_COLUMNS = sql`co.id, co.name, co.industry, co.headquarters_country, co.stage, co.description,
  co.revenue, co.revenue_growth, co.employee_count, co.last_funding_amount, co.total_funding, co.website,
  co.investors, co.source_articles, co.financial_metrics, co.thematic_score, co.confidence_score,
  co.source, co.updated_at`;

/** Companies matching any term over name, industry, description and country, best scored first. */
export async function searchCompanyProfiles(
  db: Database,
  organizationId: string,
  terms: string[],
  stages: string[] = [],
): Promise<CompanyProfileRow[]> {
  return rowsOf<CompanyProfileRow>(
    db,
    sql`select ${COMPANY_COLUMNS} from companies co
      where co.organization_id = ${organizationId}
        and ${anyTerm(terms, [sql`co.name`, sql`co.industry`, sql`co.description`, sql`co.headquarters_country`])}
        and ${stageFilter(sql`co.stage`, stages)}
      order by co.thematic_score desc nulls last, co.name, co.id
      limit ${SEARCH_CANDIDATES}`,
  );
}

export async function companyProfileById(
  db: Database,
  organizationId: string,
  id: string,
): Promise<CompanyProfileRow | undefined> {
  const [row] = await rowsOf<CompanyProfileRow>(
    db,
    sql`select ${COMPANY_COLUMNS} from companies co where co.organization_id = ${organizationId} and co.id = ${id}`,
  );
  return row;
}

/** The organisation's companies' record metrics, for portfolio quartiles. */
export async function portfolioCompanyProfiles(
  db: Database,
  organizationId: string,
): Promise<CompanyProfileRow[]> {
  return rowsOf<CompanyProfileRow>(
    db,
    sql`select ${COMPANY_COLUMNS} from companies co where co.organization_id = ${organizationId}
      order by co.name, co.id limit 10000`,
  );
}
