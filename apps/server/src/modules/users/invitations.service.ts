import type { TCreateInvitationRequest, TInvitation, TRole } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import * as repository from './invitations.repository.ts';
import { emailTaken, isEmailTaken } from './users.service.ts';

export type { InvitationRow, InvitationWithInviter } from './invitations.repository.ts';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const invitationNotFound = () => notFound('Invitation not found');

export function toInvitation(row: repository.InvitationWithInviter): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.inviterName,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * Invites an email to the organisation for 7 days. Inviting the same email again while the
 * invitation is open renews it (new role and expiry) instead of adding a second one.
 */
export async function inviteMember(
  db: Database,
  organizationId: string,
  inviterId: string,
  input: TCreateInvitationRequest,
): Promise<TInvitation> {
  if (await isEmailTaken(db, input.email)) throw emailTaken();
  const now = new Date();
  const role: TRole = input.role ?? 'member';
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const open = await repository.findOpenInvitation(db, organizationId, input.email, now);
  let id: string;
  if (open) {
    await repository.renewInvitation(db, open.id, { role, invitedBy: inviterId, expiresAt });
    id = open.id;
  } else {
    const created = await repository.insertInvitation(db, {
      organizationId,
      email: input.email,
      role,
      invitedBy: inviterId,
      expiresAt,
    });
    id = created.id;
  }
  const invitation = await repository.findInvitationWithInviter(db, organizationId, id);
  return toInvitation(invitation!);
}

export async function revokeInvitation(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await repository.revokeOpenInvitation(db, organizationId, id, new Date()))) {
    throw invitationNotFound();
  }
}

/** The organisation's open invitations, oldest first. */
export async function listOpenInvitations(db: Database, organizationId: string): Promise<TInvitation[]> {
  return (await repository.listOpenInvitations(db, organizationId, new Date())).map(toInvitation);
}

/** The invitation (open or not) with its inviter's name, for the invitation email. */
export const findInvitationWithInviter = repository.findInvitationWithInviter;
/** The oldest open invitation of this email to the organisation, if any. */
export const findOpenInvitation = repository.findOpenInvitation;
/** Marks an invitation used; false when someone used or revoked it first. */
export const acceptInvitation = repository.acceptInvitation;
