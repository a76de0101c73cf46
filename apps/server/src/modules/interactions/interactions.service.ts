import type {
  TCreateNoteRequest,
  TInteractionCreatedResponse,
  TProcessEmailRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { companyNamesByIds } from '../companies/index.ts';
import {
  insertInteraction,
  type LinkedCompany,
  type NewInteraction,
  rewriteInteractionSearchVectors,
} from './interactions.repository.ts';

export type { LinkedCompany, NewInteraction };

/** A name given in company_names this close (trigram similarity) to a company's counts as it. */
export const FUZZY_NAME_THRESHOLD = 0.5;
/** Shorter names ("AI", "Go") appear inside ordinary words and sentences too often to count as a mention. */
const MIN_MENTION_CHARS = 3;
/** How much of an email is read for company names. */
const MENTION_SCAN_CHARS = 50_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of the organisation's companies an email is about: the names it was given (exactly, or the
 * closest by trigram similarity), and the companies whose names appear in its subject or body as
 * whole words.
 */
export async function matchCompanies(
  db: Database,
  organizationId: string,
  text: string,
  givenNames: string[],
): Promise<{ linked: LinkedCompany[]; unmatched: string[] }> {
  const linked = new Map<string, LinkedCompany>();
  const unmatched: string[] = [];
  for (const given of givenNames) {
    const [best] = (
      (await db.execute(sql`select id, name, lower(name) = lower(${given}) as exact, similarity(name, ${given}) as score
        from companies
        where organization_id = ${organizationId}
          and (lower(name) = lower(${given}) or similarity(name, ${given}) >= ${FUZZY_NAME_THRESHOLD})
        order by exact desc, score desc, name
        limit 1`)) as unknown as { rows: { id: string; name: string; exact: boolean }[] }
    ).rows;
    if (!best) unmatched.push(given);
    else if (!linked.has(best.id)) {
      linked.set(best.id, { id: best.id, name: best.name, matched_by: best.exact ? 'named' : 'fuzzy' });
    }
  }
  const scanned = text.slice(0, MENTION_SCAN_CHARS);
  // strpos narrows to names that occur at all; the whole-word check is done here.
  const candidates = (
    (await db.execute(sql`select id, name from companies
      where organization_id = ${organizationId} and length(name) >= ${MIN_MENTION_CHARS}
        and strpos(lower(${scanned}), lower(name)) > 0`)) as unknown as {
      rows: { id: string; name: string }[];
    }
  ).rows;
  for (const company of candidates) {
    if (linked.has(company.id)) continue;
    const whole = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(company.name)}($|[^\\p{L}\\p{N}])`, 'iu');
    if (whole.test(scanned))
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
  const { linked, unmatched } = await matchCompanies(
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
