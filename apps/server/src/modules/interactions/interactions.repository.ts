import type { TInteractionCreatedResponse } from '@atempo/contracts';
import { type Database, knowledgeInteractionCompanies, knowledgeInteractions } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/** The interactions (emails, notes) and the companies each is linked to. */

export type LinkedCompany = TInteractionCreatedResponse['companies'][number];
export type NewInteraction = typeof knowledgeInteractions.$inferInsert;

/** Stores an interaction with its company links, in one transaction. */
export async function insertInteraction(
  db: Database,
  values: NewInteraction,
  linked: readonly LinkedCompany[],
): Promise<{ id: string; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(knowledgeInteractions)
      .values(values)
      .returning({ id: knowledgeInteractions.id, createdAt: knowledgeInteractions.createdAt });
    if (!row) throw new Error('The interaction was not stored');
    if (linked.length > 0) {
      await tx.insert(knowledgeInteractionCompanies).values(
        linked.map((company) => ({
          interactionId: row.id,
          companyId: company.id,
          organizationId: values.organizationId,
          matchedBy: company.matched_by,
        })),
      );
    }
    return row;
  });
}

/** An email or note as a company's interaction list shows it. */
export interface CompanyInteractionItem {
  id: string;
  interaction_type: 'email' | 'note';
  title: string;
  preview: string;
  occurred_at: string | Date;
  /** occurred_at in microseconds since the epoch, for merging with other lists in PostgreSQL's order. */
  occurred_us: string;
  sender: string | null;
  author: string | null;
}

/** The newest `limit` emails and notes (of `kinds`) linked to a company, with how many there are. */
export async function newestInteractionsOfCompany(
  db: Database,
  organizationId: string,
  companyId: string,
  kinds: readonly ('email' | 'note')[],
  limit: number,
): Promise<{ items: CompanyInteractionItem[]; total: number }> {
  const rows = await rowsOf<CompanyInteractionItem & { total: number | string }>(
    db,
    sql`select ki.id, ki.kind as interaction_type, ki.subject as title, left(ki.body, 300) as preview,
        ki.occurred_at, (floor(extract(epoch from ki.occurred_at) * 1000000))::bigint::text as occurred_us,
        ki.sender, ki.created_by as author, count(*) over () as total
      from knowledge_interactions ki
      join knowledge_interaction_companies l on l.interaction_id = ki.id and l.company_id = ${companyId}
      where ki.organization_id = ${organizationId}
        and ki.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
      order by ki.occurred_at desc, ki.id
      limit ${limit}`,
  );
  return {
    items: rows.map(({ total: _total, ...row }) => row),
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}

/**
 * Writes every interaction's body again so its stored generated search vector is recomputed;
 * answers how many were rewritten.
 */
export async function rewriteInteractionSearchVectors(db: Database, organizationId: string): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update knowledge_interactions set body = body where organization_id = ${organizationId} returning id`,
  );
  return rows.length;
}
