import type { TAuthResponse, TMeResponse, TOrganization, TUser } from '@atempo/contracts';
import { createFakeFetch, jsonResponse, type RecordedCall } from './fakes.ts';

export type ApiRoute = (call: RecordedCall) => Response | Promise<Response>;

/**
 * A fake Atempo server for component tests, answering by "METHOD /path" under /api/v1 (any
 * /health answers OK). Unknown calls answer 404 so a test never passes by accident.
 */
export function createFakeApi(routes: Record<string, ApiRoute>) {
  const fetch = createFakeFetch((call) => {
    const url = new URL(call.url);
    if (url.pathname === '/health')
      return jsonResponse(200, { status: 'ok', database: 'ok', version: 'test' });
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const route = routes[`${call.method} ${path}`];
    return route
      ? route(call)
      : jsonResponse(404, { detail: `No fake for ${call.method} ${path}`, code: 'NOT_FOUND' });
  });
  const callsTo = (method: string, path: string) =>
    fetch.calls.filter((call) => call.method === method && new URL(call.url).pathname === `/api/v1${path}`);
  return { fetch, callsTo };
}

export const ORGANIZATION: TOrganization = {
  id: '6f1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0001',
  name: 'Northbridge Capital',
  slug: 'northbridge',
  subscription_tier: 'trial',
  created_at: '2025-01-06T09:00:00.000Z',
};

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: '6f1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0002',
    email: 'ada@northbridge.example',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'admin',
    onboarding_completed: true,
    organization_id: ORGANIZATION.id,
    created_at: '2025-01-06T09:00:00.000Z',
    ...overrides,
  };
}

export function makeMe(
  overrides: Partial<TUser> = {},
  organization: Partial<TOrganization> = {},
): TMeResponse {
  return { ...makeUser(overrides), organization: { ...ORGANIZATION, ...organization } };
}

export function makeAuthResponse(overrides: Partial<TUser> = {}): TAuthResponse {
  return {
    access_token: 'access-token-1',
    refresh_token: 'refresh-token-1',
    token_type: 'bearer',
    expires_in: 900,
    user: makeUser(overrides),
    organization: ORGANIZATION,
  };
}

/** Puts a session in storage as a signed-in browser would have it. */
export function storeSession() {
  localStorage.setItem('auth_token', 'access-token-1');
  localStorage.setItem('access_token', 'access-token-1');
  localStorage.setItem('refresh_token', 'refresh-token-1');
}
