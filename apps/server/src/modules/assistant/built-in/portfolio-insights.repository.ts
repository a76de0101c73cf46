import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Three portfolio readings the eight tools do not offer and deal teams ask for: companies ranked by
 * one recorded financial metric ("strongest revenue growth"), deals compared by the company's
 * funding stage ("Series B vs Series C"), and companies nobody has spoken to lately. Scoped to the
 * organisation; figures come straight from the records, each row with its id for the citation.
 */

/** The financial_metrics fields a ranking may read (never a free text into the JSON path). */
export const RANKABLE_METRICS = new Set([
  'revenue',
  'arr',
  'revenue_growth',
  'gross_margin',
  'monthly_burn',
  'cash',
  'runway_months',
  'monthly_churn',
  'net_revenue_retention',
  'cac_payback_months',
  'employee_count',
  'last_round_amount',
]);

/** Financial facts the company record keeps in columns of their own. */
const COLUMNS: Record<string, string> = {
  revenue: 'revenue',
  revenue_growth: 'revenue_growth',
  employee_count: 'employee_count',
};

const rowsOf = async <T>(db: Database, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

export interface RankedCompany {
  id: string;
  name: string;
  industry: string | null;
  value: number;
  updated_at: string;
}

export async function rankCompaniesByMetric(
  db: Database,
  organizationId: string,
  options: { metric: string; order: 'asc' | 'desc'; sector: string | null; limit: number },
): Promise<{ metric: string; companies: RankedCompany[]; companies_with_metric: number }> {
  if (!RANKABLE_METRICS.has(options.metric)) throw new Error(`not a rankable metric: ${options.metric}`);
  const direction = options.order === 'asc' ? sql`asc` : sql`desc`;
  const sector = options.sector
    ? sql`and co.industry ilike ${`%${options.sector.replace(/[%_\\]/g, '\\$&')}%`}`
    : sql``;
  // The company record's columns win over its financial_metrics, as the company page shows them.
  const column = COLUMNS[options.metric];
  const fromJson = sql`case when jsonb_typeof(co.financial_metrics -> ${options.metric}) = 'number'
    then (co.financial_metrics ->> ${options.metric})::float8 end`;
  const value = column ? sql`coalesce(${sql.raw(`co.${column}`)}::float8, ${fromJson})` : fromJson;
  const rows = await rowsOf<{
    id: string;
    name: string;
    industry: string | null;
    value: number | string;
    updated_at: string | Date;
    total: number | string;
  }>(
    db,
    sql`select * from (
        select co.id, co.name, co.industry, ${value} as value, co.updated_at
        from companies co
        where co.organization_id = ${organizationId} ${sector}
      ) valued
      where value is not null
      order by value ${direction}, name
      limit ${options.limit}`,
  );
  const [counted] = await rowsOf<{ total: number | string }>(
    db,
    sql`select count(*) as total from companies co
      where co.organization_id = ${organizationId} ${sector} and ${value} is not null`,
  );
  return {
    metric: options.metric,
    companies: rows.map((row) => ({
      id: row.id,
      name: row.name,
      industry: row.industry,
      value: Number(row.value),
      updated_at: new Date(row.updated_at).toISOString(),
    })),
    companies_with_metric: Number(counted?.total ?? 0),
  };
}

export interface FundingStageGroup {
  funding_stage: string;
  deals: number;
  total_amount: number;
  average_amount: number;
  average_revenue_growth: number | null;
  deals_with_growth: number;
  average_gross_margin: number | null;
  deals_with_margin: number;
  average_thematic_score: number | null;
}

/** Deals grouped by their company's funding stage ("Series B"), for the stages asked. */
export async function compareFundingStages(
  db: Database,
  organizationId: string,
  stages: string[],
): Promise<FundingStageGroup[]> {
  const lowered = stages.map((s) => s.toLowerCase());
  const metric = (name: string) => sql.raw(`(d.financial_metrics ->> '${name}')::float8`);
  const known = (name: string) => sql.raw(`jsonb_typeof(d.financial_metrics -> '${name}') = 'number'`);
  const rows = await rowsOf<Record<keyof FundingStageGroup, string | number | null>>(
    db,
    sql`select co.stage as funding_stage, count(*) as deals,
        sum(d.amount_requested)::float8 as total_amount, avg(d.amount_requested)::float8 as average_amount,
        avg(${metric('revenue_growth')}) filter (where ${known('revenue_growth')}) as average_revenue_growth,
        count(*) filter (where ${known('revenue_growth')}) as deals_with_growth,
        avg(${metric('gross_margin')}) filter (where ${known('gross_margin')}) as average_gross_margin,
        count(*) filter (where ${known('gross_margin')}) as deals_with_margin,
        avg(d.thematic_score)::float8 as average_thematic_score
      from deals d
      join companies co on co.id = d.company_id and co.organization_id = d.organization_id
      where d.organization_id = ${organizationId}
        and lower(co.stage) = any(array[${sql.join(
          lowered.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[])
      group by co.stage
      order by co.stage`,
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((row) => ({
    funding_stage: String(row.funding_stage),
    deals: Number(row.deals),
    total_amount: Number(row.total_amount),
    average_amount: Number(row.average_amount),
    average_revenue_growth: num(row.average_revenue_growth),
    deals_with_growth: Number(row.deals_with_growth),
    average_gross_margin: num(row.average_gross_margin),
    deals_with_margin: Number(row.deals_with_margin),
    average_thematic_score: num(row.average_thematic_score),
  }));
}

export interface SilentCompany {
  id: string;
  name: string;
  industry: string | null;
  /** The latest email, note or recorded interaction (company or deal); null when there is none. */
  last_contact_at: string | null;
  days_since_contact: number | null;
}

/**
 * Companies nobody has spoken to since `since`: no email or note about them and no interaction
 * recorded on the company or its deals. Unlike the knowledge module's inactive companies, a deal
 * record being edited or a document being uploaded is not contact. Never contacted first, then the
 * longest silent.
 */
export async function companiesWithoutContact(
  db: Database,
  organizationId: string,
  options: { since: Date; now: Date; limit: number },
): Promise<{
  days: number;
  companies: SilentCompany[];
  total: number;
  never_contacted: number;
  contacted_before: number;
}> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    industry: string | null;
    last_contact_at: string | Date | null;
    total: number | string;
    never: number | string;
  }>(
    db,
    sql`with contact as (
        select co.id, co.name, co.industry,
          greatest(co.last_interaction_at, ki.last_at, dl.last_at) as last_contact_at
        from companies co
        left join (
          select l.company_id, max(ki.occurred_at) as last_at
          from knowledge_interaction_companies l
          join knowledge_interactions ki on ki.id = l.interaction_id
          where ki.organization_id = ${organizationId} and ki.kind in ('email', 'note')
          group by l.company_id
        ) ki on ki.company_id = co.id
        left join (
          select company_id, max(last_interaction) as last_at
          from deals where organization_id = ${organizationId}
          group by company_id
        ) dl on dl.company_id = co.id
        where co.organization_id = ${organizationId}
      )
      select id, name, industry, last_contact_at,
        count(*) over () as total,
        count(*) filter (where last_contact_at is null) over () as never
      from contact
      where last_contact_at is null or last_contact_at < ${options.since.toISOString()}::timestamptz
      order by last_contact_at nulls first, name
      limit ${options.limit}`,
  );
  const total = rows.length > 0 ? Number(rows[0]?.total) : 0;
  const never = rows.length > 0 ? Number(rows[0]?.never) : 0;
  return {
    days: Math.round((options.now.getTime() - options.since.getTime()) / 86_400_000),
    companies: rows.map((row) => {
      const at = row.last_contact_at === null ? null : new Date(row.last_contact_at);
      return {
        id: row.id,
        name: row.name,
        industry: row.industry,
        last_contact_at: at ? at.toISOString() : null,
        days_since_contact: at ? Math.floor((options.now.getTime() - at.getTime()) / 86_400_000) : null,
      };
    }),
    total,
    never_contacted: never,
    contacted_before: total - never,
  };
}
