import { randomBytes } from 'node:crypto';
import type { TAuthResponse, TInvitation, TRole } from '@atempo/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './server.ts';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export async function registerOrganization(
  app: FastifyInstance,
  overrides: Partial<
    Record<'organization_name' | 'email' | 'password' | 'first_name' | 'last_name', string>
  > = {},
): Promise<TAuthResponse> {
  const response = await call<TAuthResponse>(app, 'POST', '/api/v1/auth/register/organization', {
    body: {
      organization_name: `Fund ${randomBytes(3).toString('hex')}`,
      email: uniqueEmail('admin'),
      password: PASSWORD,
      first_name: 'Ada',
      last_name: 'Lovelace',
      ...overrides,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function invite(
  app: FastifyInstance,
  admin: TAuthResponse,
  email: string,
  role: TRole = 'member',
): Promise<TInvitation> {
  const response = await call<TInvitation>(app, 'POST', '/api/v1/organizations/current/invitations', {
    token: admin.access_token,
    body: { email, role },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Invites a new person into the admin's organisation and registers them. */
export async function addMember(
  app: FastifyInstance,
  admin: TAuthResponse,
  role: TRole = 'member',
  email = uniqueEmail(role),
): Promise<TAuthResponse> {
  await invite(app, admin, email, role);
  const response = await call<TAuthResponse>(app, 'POST', '/api/v1/auth/register/user', {
    body: {
      organization_slug: admin.organization.slug,
      email,
      password: PASSWORD,
      first_name: 'Grace',
      last_name: 'Hopper',
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}
