import type {
  TCreateNoteRequest,
  TInteractionCreatedResponse,
  TProcessEmailRequest,
} from '@atempo/contracts';
import { companies, type Database, knowledgeInteractionCompanies, knowledgeInteractions } from '@atempo/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { findCompaniesByFuzzyName, matchCompanies } from '../companies/companies.service.ts';

type LinkedCompany = TInteractionCreatedResponse['companies'][number];

/**
 * Which of the organisation's companies an email is about (the companies module's matcher): the
 * names it was given (by name key, else the closest typed spelling), and the companies whose names
 * appear in its subject or body as whole words.
 */
export async function matchEmailCompanies(
  db: Database,
  organizationId: string,
  text: string,
  givenNames: string[],
): Promise<{ linked: LinkedCompany[]; unmatched: string[] }> {
  const linked = new Map<string, LinkedCompany>();
  const { matches, unmatchedNames } = await matchCompanies(db, organizationId, { names: givenNames, text });
  for (const { company, matchedBy } of matches) {
    if (matchedBy === 'name')
      linked.set(company.id, { id: company.id, name: company.name, matched_by: 'named' });
  }
  const unmatched: string[] = [];
  for (const given of unmatchedNames) {
    const [best] = await findCompaniesByFuzzyName(db, organizationId, given, 1);
    if (!best) unmatched.push(given);
    else if (!linked.has(best.id)) linked.set(best.id, { id: best.id, name: best.name, matched_by: 'fuzzy' });
  }
  for (const { company, matchedBy } of matches) {
    if (matchedBy === 'text' && !linked.has(company.id))
      linked.set(company.id, { id: company.id, name: company.name, matched_by: 'mentioned' });
  }
  return { linked: [...linked.values()], unmatched };
}

async function storeInteraction(
  db: Database,
  values: typeof knowledgeInteractions.$inferInsert,
  linked: LinkedCompany[],
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

export async function processEmail(
  db: Database,
  caller: Principal,
  email: TProcessEmailRequest,
): Promise<TInteractionCreatedResponse> {
  const { linked, unmatched } = await matchEmailCompanies(
    db,
    caller.organizationId,
    `${email.subject}\n${email.body}`,
    email.company_names ?? [],
  );
  const row = await storeInteraction(
    db,
    {
      organizationId: caller.organizationId,
      kind: 'email',
      subject: email.subject,
      body: email.body,
      sender: email.sender,
      occurredAt: new Date(email.received_at),
      createdBy: caller.userId,
    },
    linked,
  );
  return {
    id: row.id,
    interaction_type: 'email',
    companies: linked,
    unmatched_company_names: unmatched,
    created_at: row.createdAt.toISOString(),
  };
}

export async function createNote(
  db: Database,
  caller: Principal,
  note: TCreateNoteRequest,
): Promise<TInteractionCreatedResponse> {
  const ids = [...new Set(note.company_ids)];
  const found = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.organizationId, caller.organizationId), inArray(companies.id, ids)));
  if (found.length !== ids.length) throw notFound('Company not found');
  const linked = found.map((company) => ({ ...company, matched_by: 'chosen' as const }));
  const now = new Date();
  const row = await storeInteraction(
    db,
    {
      organizationId: caller.organizationId,
      kind: 'note',
      subject: note.subject,
      body: note.body,
      sender: null,
      occurredAt: now,
      createdBy: caller.userId,
    },
    linked,
  );
  return {
    id: row.id,
    interaction_type: 'note',
    companies: linked,
    unmatched_company_names: [],
    created_at: row.createdAt.toISOString(),
  };
}
