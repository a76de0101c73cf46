import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/** Read functions other modules use through the door: small projections, batched by ids. */

/**
 * When each of these companies was last in an email or note (any kind of interaction linked to
 * it), by company id; companies never mentioned are absent. The ids are the caller's organisation's
 * companies, so their links are that organisation's.
 */
export async function latestInteractionAtOfCompanies(
  db: Database,
  companyIds: readonly string[],
): Promise<Map<string, Date>> {
  const unique = [...new Set(companyIds)];
  if (unique.length === 0) return new Map();
  const rows = await rowsOf<{ company_id: string; last_at: string | Date }>(
    db,
    sql`select l.company_id, max(ki.occurred_at) as last_at
      from knowledge_interaction_companies l
      join knowledge_interactions ki on ki.id = l.interaction_id
      where l.company_id in (${sql.join(
        unique.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by l.company_id`,
  );
  return new Map(rows.map((row) => [row.company_id, new Date(row.last_at)]));
}
