import { type Database, knowledgeChunks } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

export interface PassageRow {
  document_id: string;
  ordinal: number;
  location: unknown;
  content: string;
}

/**
 * The indexed passages of these documents matching a full-text query (to_tsquery, English), at
 * most `perDocument` of each in reading order.
 */
export async function passagesMatching(
  db: Database,
  organizationId: string,
  documentIds: readonly string[],
  tsquery: string,
  perDocument: number,
): Promise<PassageRow[]> {
  if (documentIds.length === 0) return [];
  const c = knowledgeChunks;
  return rowsOf<PassageRow>(
    db,
    sql`select document_id, ordinal, location, content from (
      select ${c.documentId} as document_id, ${c.ordinal} as ordinal, ${c.location} as location,
        ${c.content} as content,
        row_number() over (partition by ${c.documentId} order by ${c.ordinal}) as position
      from ${c}
      where ${c.organizationId} = ${organizationId}
        and ${c.documentId} = any(${sql.param([...documentIds])}::uuid[])
        and ${c.tsv} @@ to_tsquery('english'::regconfig, ${tsquery})
    ) matching
    where position <= ${perDocument}
    order by document_id, ordinal`,
  );
}
