/** Reads of documents for other modules (the monitoring brief). */
import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

export interface DocumentCreatedRow {
  id: string;
  name: string;
  status: string;
  document_type: string | null;
  created_at: Date | string;
  deal_id: string | null;
  company_id: string | null;
  risk_flags: unknown;
}

/** The organisation's documents created in (start, end], newest first, at most `limit`. */
export async function documentsCreatedBetween(
  db: Database,
  organizationId: string,
  period: { start: Date; end: Date },
  limit: number,
): Promise<DocumentCreatedRow[]> {
  return rowsOf<DocumentCreatedRow>(
    db,
    sql`select d.id, d.name, d.status, d.document_type, d.created_at, d.deal_id, d.company_id,
               coalesce(d.analysis -> 'risk_flags', '[]'::jsonb) as risk_flags
        from documents d
        where d.organization_id = ${organizationId}
          and d.created_at > ${period.start.toISOString()} and d.created_at <= ${period.end.toISOString()}
        order by d.created_at desc limit ${limit}`,
  );
}

export interface DocumentStatusRow {
  id: string;
  name: string;
  status: string;
  document_type: string | null;
  summary: string | null;
  key_metric_count: number | null;
  risk_flags: string[] | null;
}

/** The documents among `ids` that belong to the organisation (others are simply absent). */
export async function documentsByIds(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<DocumentStatusRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<DocumentStatusRow>(
    db,
    sql`select doc.id, doc.name, doc.status, doc.document_type, doc.analysis ->> 'content_summary' as summary,
        (select count(*)::int from jsonb_object_keys(coalesce(doc.analysis -> 'key_metrics', '{}'::jsonb))) as key_metric_count,
        doc.analysis -> 'risk_flags' as risk_flags
      from documents doc
      where doc.organization_id = ${organizationId}
        and doc.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      order by doc.created_at, doc.id`,
  );
}

/** The ids of a deal's documents, to check that initial_documents belong to it. */
export async function documentIdsOfDeal(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<Set<string>> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from documents where organization_id = ${organizationId} and deal_id = ${dealId}`,
  );
  return new Set(rows.map((row) => row.id));
}
