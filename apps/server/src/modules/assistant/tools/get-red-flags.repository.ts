import { RED_FLAG_SEVERITIES, type TDealStage, type TRedFlag, type TRedFlagLevel } from '@atempo/contracts';
import { SEVERITY_POINTS } from '@atempo/scoring';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/sql-rows.ts';
import type { ToolContext } from './tool.ts';

export interface RedFlagDealRow {
  deal_id: string;
  deal_number: number;
  company_id: string;
  company_name: string;
  stage: TDealStage;
  red_flag_level: TRedFlagLevel | null;
  red_flags: TRedFlag[];
  updated_at: string | Date;
  total: number | string;
}

export type Severity = (typeof RED_FLAG_SEVERITIES)[number];

/** The severities at least as grave as `min` (critical is the gravest). */
export const severitiesFrom = (min: Severity | undefined): Severity[] =>
  min ? RED_FLAG_SEVERITIES.slice(0, RED_FLAG_SEVERITIES.indexOf(min) + 1) : [...RED_FLAG_SEVERITIES];

/**
 * Deals carrying red flags of the scoring engine (of at least the given severity), gravest first:
 * by red-flag score, then deal number. `total` counts every match before the limit.
 */
export async function dealsWithRedFlags(
  context: ToolContext,
  filter: { dealIds?: string[]; stages?: TDealStage[]; severities: Severity[]; limit: number },
): Promise<RedFlagDealRow[]> {
  // Every flag adds its severity's points to the red-flag score (capped at 10) and a critical flag
  // makes the level reject, so cheap columns set most deals aside before any flag is read; with
  // every severity asked for, a positive score is exactly "has a flag".
  const least = filter.severities.at(-1) ?? 'low';
  const conditions: SQL[] = [
    sql`d.organization_id = ${context.organizationId}`,
    // The score is a real: a hundredth of slack keeps a lone flag's exact points from rounding out.
    sql`d.red_flag_score >= ${SEVERITY_POINTS[least] - 0.01}`,
  ];
  if (filter.severities.length < RED_FLAG_SEVERITIES.length) {
    conditions.push(
      sql`jsonb_typeof(d.red_flags) = 'array'`,
      sql`exists (select 1 from jsonb_array_elements(d.red_flags) f where f ->> 'severity' in (${sql.join(
        filter.severities.map((severity) => sql`${severity}`),
        sql`, `,
      )}))`,
    );
  }
  if (least === 'critical') conditions.push(sql`d.red_flag_level = 'reject'`);
  if (filter.dealIds) {
    if (filter.dealIds.length === 0) return [];
    conditions.push(
      sql`d.id in (${sql.join(
        filter.dealIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (filter.stages && filter.stages.length > 0) {
    conditions.push(
      sql`d.stage in (${sql.join(
        filter.stages.map((stage) => sql`${stage}`),
        sql`, `,
      )})`,
    );
  }
  // The page is chosen from ids and scores alone; only its rows are joined and their flags read.
  return rowsOf<RedFlagDealRow>(
    context.db,
    sql`with matched as (
        select d.id, d.red_flag_score, d.deal_number from deals d where ${sql.join(conditions, sql` and `)}
      ), page as (
        select id from matched order by red_flag_score desc nulls last, deal_number limit ${filter.limit}
      )
      select d.id as deal_id, d.deal_number, d.company_id, co.name as company_name, d.stage, d.red_flag_level,
        d.red_flags, d.updated_at, (select count(*) from matched) as total
      from page
      join deals d on d.id = page.id
      join companies co on co.id = d.company_id
      order by d.red_flag_score desc nulls last, d.deal_number`,
  );
}

export interface DocumentFlagRow {
  document_id: string;
  document_name: string;
  created_at: string | Date;
  text: string;
  location: string | null;
  excerpt: string | null;
}

/** The analyst's risk flags of a deal's analysed documents, each with the place it was read. */
export async function documentRiskFlags(context: ToolContext, dealId: string): Promise<DocumentFlagRow[]> {
  return rowsOf<DocumentFlagRow>(
    context.db,
    sql`select doc.id as document_id, doc.name as document_name, doc.created_at, flag ->> 'text' as text,
        flag -> 'source' ->> 'label' as location, flag -> 'source' ->> 'excerpt' as excerpt
      from documents doc
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(doc.analysis -> 'risk_flag_details') = 'array'
          then doc.analysis -> 'risk_flag_details' else '[]'::jsonb end) flag
      where doc.deal_id = ${dealId} and doc.organization_id = ${context.organizationId} and doc.status = 'completed'
      order by doc.created_at desc, doc.id`,
  );
}
