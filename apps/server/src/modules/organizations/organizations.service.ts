import type {
  TOrganization,
  TOrganizationUsersResponse,
  TRegisterOrganizationRequest,
  TRegisterUserRequest,
  TRole,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as users from '../users/index.ts';
import * as repository from './organizations.repository.ts';
import { firstFreeSlug, slugBase } from './slug.ts';

export type { OrganizationRow } from './organizations.repository.ts';

const lastAdmin = () => conflict('An organisation needs at least one admin', 'LAST_ADMIN');
const userNotFound = () => notFound('User not found');

export function toOrganization(row: repository.OrganizationRow): TOrganization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    subscription_tier: row.subscriptionTier,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getOrganization(db: Database, id: string): Promise<repository.OrganizationRow> {
  const organization = await repository.findOrganizationById(db, id);
  if (!organization) throw notFound('Organisation not found');
  return organization;
}

export const findOrganizationBySlug = repository.findOrganizationBySlug;
export const countOrganizations = repository.countOrganizations;

type Created = { organization: repository.OrganizationRow; user: users.UserRow };

/** A new organisation with the registering person as its admin, under a fresh unique slug. */
export async function createOrganizationWithAdmin(
  db: Database,
  input: TRegisterOrganizationRequest,
): Promise<Created> {
  if (await users.isEmailTaken(db, input.email)) throw users.emailTaken();
  const passwordHash = await hashPassword(input.password);
  const base = slugBase(input.organization_name);
  // Two organisations with one name registering together: the loser of the slug race tries again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = firstFreeSlug(base, await repository.slugsLike(db, base));
    try {
      return await db.transaction(async (tx) => {
        const organization = await repository.insertOrganization(tx, {
          name: input.organization_name,
          slug,
          subscriptionTier: input.subscription_tier ?? 'trial',
        });
        const user = await users.createUser(tx, {
          organizationId: organization.id,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          role: 'admin',
        });
        return { organization, user };
      });
    } catch (error) {
      if (!(error instanceof AppError) && isUniqueViolation(error, 'organizations_slug_unique')) continue;
      throw error;
    }
  }
  throw new Error('Could not find a free organisation slug');
}

/** Joining needs an open invitation for this email; the new member takes the invited role. */
export async function joinOrganization(db: Database, input: TRegisterUserRequest): Promise<Created> {
  const organization = await repository.findOrganizationBySlug(db, input.organization_slug);
  if (!organization) {
    throw notFound('Organisation not found. Check the organisation code.', 'ORGANIZATION_NOT_FOUND');
  }
  if (await users.isEmailTaken(db, input.email)) throw users.emailTaken();
  const invitation = await users.findOpenInvitation(db, organization.id, input.email, new Date());
  if (!invitation) throw invitationRequired();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await users.acceptInvitation(tx, invitation.id, new Date()))) throw invitationRequired();
    const user = await users.createUser(tx, {
      organizationId: organization.id,
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      role: invitation.role,
    });
    return { organization, user };
  });
}

const invitationRequired = () =>
  new AppError(
    403,
    'INVITATION_REQUIRED',
    'No invitation found for this email. Ask your admin to invite you.',
  );

export async function renameOrganization(
  db: Database,
  id: string,
  name: string,
): Promise<repository.OrganizationRow> {
  const organization = await repository.updateOrganizationName(db, id, name);
  if (!organization) throw notFound('Organisation not found');
  return organization;
}

export async function listMembersAndInvitations(
  db: Database,
  organizationId: string,
): Promise<TOrganizationUsersResponse> {
  const members = await users.listMembers(db, organizationId);
  const invitations = await users.listOpenInvitations(db, organizationId);
  return {
    users: members.map(users.toOrganizationUser),
    invitations,
    total: members.length,
  };
}

/** The invitation (open or not) with its organisation, for the invitation email job. */
export async function findInvitationForEmail(db: Database, organizationId: string, id: string) {
  const invitation = await users.findInvitationWithInviter(db, organizationId, id);
  const organization = await repository.findOrganizationById(db, organizationId);
  return invitation && organization ? { invitation, organization } : null;
}

/** Role changes and removals run under a lock on the organisation so two of them cannot both
 *  take away the last admin. */
export async function changeMemberRole(db: Database, organizationId: string, userId: string, role: TRole) {
  return db.transaction(async (tx) => {
    await repository.lockOrganization(tx, organizationId);
    const member = await users.findMember(tx, organizationId, userId);
    if (!member) throw userNotFound();
    if (member.role === 'admin' && role !== 'admin' && (await users.countAdmins(tx, organizationId)) <= 1) {
      throw lastAdmin();
    }
    return users.toOrganizationUser(member.role === role ? member : await users.setRole(tx, userId, role));
  });
}

export async function removeMember(db: Database, organizationId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repository.lockOrganization(tx, organizationId);
    const member = await users.findMember(tx, organizationId, userId);
    if (!member) throw userNotFound();
    if (member.role === 'admin' && (await users.countAdmins(tx, organizationId)) <= 1) throw lastAdmin();
    // Refresh tokens and reset links go with the row (ON DELETE CASCADE).
    await users.removeMember(tx, organizationId, userId);
  });
}
