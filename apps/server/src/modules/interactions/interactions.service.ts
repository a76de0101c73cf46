import type {
  TCreateNoteRequest,
  TInteractionCreatedResponse,
  TProcessEmailRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Principal } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { companyNamesByIds, findCompaniesByFuzzyName, matchCompanies } from '../companies/index.ts';
import {
  insertInteraction,
  type LinkedCompany,
  type NewInteraction,
  rewriteInteractionSearchVectors,
} from './interactions.repository.ts';

export type { LinkedCompany, NewInteraction };

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

/**
 * Records an email or a note with the companies it is about (integrations such as mail and
 * Affinity write through this too): the interaction and its company links are stored together.
 */
export async function recordInteraction(
  db: Database,
  interaction: NewInteraction,
  linked: readonly LinkedCompany[],
): Promise<{ id: string; createdAt: Date }> {
  return insertInteraction(db, interaction, linked);
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
  const row = await recordInteraction(
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
  const found = await companyNamesByIds(db, caller.organizationId, ids);
  if (found.length !== ids.length) throw notFound('Company not found');
  const linked = found.map((company) => ({ ...company, matched_by: 'chosen' as const }));
  const now = new Date();
  const row = await recordInteraction(
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

/**
 * Recomputes the stored search vectors of the organisation's emails and notes (part of rebuilding
 * the search index); answers how many there are.
 */
export function refreshInteractionSearchVectors(db: Database, organizationId: string): Promise<number> {
  return rewriteInteractionSearchVectors(db, organizationId);
}
