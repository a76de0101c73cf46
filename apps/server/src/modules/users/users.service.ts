import type {
  TChangePasswordRequest,
  TOrganizationUser,
  TRole,
  TUpdateMeRequest,
  TUser,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import { revokeSessionsOfUser } from '../../platform/tokens.ts';
import * as repository from './users.repository.ts';

export type { UserRow } from './users.repository.ts';

export const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');

export function toUser(row: repository.UserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    onboarding_completed: row.onboardingCompleted,
    organization_id: row.organizationId,
    created_at: row.createdAt.toISOString(),
  };
}

export function toOrganizationUser(row: repository.UserRow): TOrganizationUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  };
}

export async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  return (await repository.findUserByEmail(db, email)) !== undefined;
}

/** Creates a user; hash the password first (hashPassword) so no transaction waits on it. */
export async function createUser(
  db: Database,
  input: {
    organizationId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role: TRole;
  },
): Promise<repository.UserRow> {
  try {
    return await repository.insertUser(db, input);
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The user whose email and password match, or null; takes as long either way. */
export async function authenticate(db: Database, email: string, password: string) {
  const user = await repository.findUserByEmail(db, email);
  if (!user) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

export async function getUser(db: Database, id: string): Promise<repository.UserRow> {
  const user = await repository.findUserById(db, id);
  if (!user) throw notFound('User not found');
  return user;
}

export const findUserByEmail = repository.findUserByEmail;
export const findUserById = repository.findUserById;

export async function updateProfile(
  db: Database,
  id: string,
  patch: TUpdateMeRequest,
): Promise<repository.UserRow> {
  const user = await repository.updateUser(db, id, {
    firstName: patch.first_name,
    lastName: patch.last_name,
    onboardingCompleted: patch.onboarding_completed,
  });
  if (!user) throw notFound('User not found');
  return user;
}

/** Replaces the password after checking the current one; other sessions are signed out. */
export async function changePassword(db: Database, id: string, input: TChangePasswordRequest): Promise<void> {
  const user = await getUser(db, id);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError(400, 'INVALID_PASSWORD', 'Current password is incorrect');
  }
  await repository.updateUser(db, id, { passwordHash: await hashPassword(input.new_password) });
  await revokeSessionsOfUser(db, id, { keepToken: input.refresh_token });
}

/** Sets a new password without the old one (reset links) and signs out every session. */
export async function replacePassword(db: Database, id: string, passwordHash: string): Promise<void> {
  await repository.updateUser(db, id, { passwordHash });
  await revokeSessionsOfUser(db, id);
}

export const listMembers = repository.listUsersOfOrganization;
export const findMember = repository.findUserInOrganization;
export const countAdmins = repository.countAdmins;
export const lockUser = repository.lockUser;
export const removeMember = repository.deleteUserInOrganization;

export async function setRole(db: Database, id: string, role: TRole): Promise<repository.UserRow> {
  const user = await repository.updateUser(db, id, { role });
  if (!user) throw notFound('User not found');
  return user;
}
