import type { TDealStage, TRedFlagLevel } from '@atempo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/sql-rows.ts';
import type { ToolContext } from './tool.ts';

export interface DealDetailsRow {
  id: string;
  deal_number: number;
  company_id: string;
  company_name: string;
  stage: TDealStage;
  amount_requested: number | string;
  sector: string | null;
  geography: string | null;
  deal_type: string | null;
  description: string | null;
  thematic_score: number | null;
  thematic_recommendation: string | null;
  recommendation_override: string | null;
  red_flag_level: TRedFlagLevel | null;
  red_flag_count: number | string;
  suggested_facility: { min: number | null; max: number | null } | null;
  documents: { id: string; name: string; document_type: string | null; created_at: string }[] | null;
  created_at: string | Date;
  updated_at: string | Date;
  last_interaction: string | Date | null;
}

/** One deal with its company name, documents and latest interaction (the deal's, or an email or note on its company). */
export async function dealDetails(context: ToolContext, dealId: string): Promise<DealDetailsRow | null> {
  const [row] = await rowsOf<DealDetailsRow>(
    context.db,
    sql`select d.id, d.deal_number, d.company_id, co.name as company_name, d.stage, d.amount_requested, d.sector,
        d.geography, d.deal_type, d.description, d.thematic_score, d.thematic_recommendation,
        d.recommendation_override, d.red_flag_level,
        coalesce(jsonb_array_length(case when jsonb_typeof(d.red_flags) = 'array' then d.red_flags end), 0) as red_flag_count,
        d.suggested_facility, d.created_at, d.updated_at,
        (select json_agg(json_build_object('id', doc.id, 'name', doc.name, 'document_type', doc.document_type,
            'created_at', doc.created_at) order by doc.created_at desc)
          from documents doc where doc.deal_id = d.id and doc.organization_id = ${context.organizationId}) as documents,
        greatest(d.last_interaction,
          (select max(ki.occurred_at) from knowledge_interaction_companies l
            join knowledge_interactions ki on ki.id = l.interaction_id
            where l.company_id = d.company_id)) as last_interaction
      from deals d join companies co on co.id = d.company_id
      where d.id = ${dealId} and d.organization_id = ${context.organizationId}`,
  );
  return row ?? null;
}
