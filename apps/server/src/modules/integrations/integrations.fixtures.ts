import type { TOAuthConnectedResponse, TOAuthConnectResponse } from '@atempo/contracts';
import { followAuthorization, type MicrosoftFake, startMicrosoftFake } from '@atempo/integrations/fakes';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, startTestServer, type TestServer, type TestServerOptions } from '../../test/server.ts';

/** The address the test app says it is at: the fake accepts any loopback port's /auth-callback. */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:8123';

export function microsoftEnv(fake: MicrosoftFake): Record<string, string> {
  return {
    MS_CLIENT_ID: fake.clientId,
    MS_CLIENT_SECRET: fake.clientSecret,
    MS_TENANT_ID: 'common',
    MS_LOGIN_BASE_URL: fake.loginBaseUrl,
    GRAPH_BASE_URL: fake.graphBaseUrl,
    PUBLIC_URL: TEST_PUBLIC_URL,
  };
}

/** A test app configured for the Microsoft fake, and the fake. */
export async function startWithMicrosoft(
  options: TestServerOptions = {},
): Promise<{ fake: MicrosoftFake; server: TestServer }> {
  const fake = await startMicrosoftFake();
  const server = await startTestServer({ ...options, env: { ...microsoftEnv(fake), ...options.env } });
  return { fake, server };
}

/** The browser's part: Microsoft's page answered as `loginHint` (the fake's default user otherwise). */
export async function authorize(authUrl: string, loginHint?: string) {
  const url = loginHint ? `${authUrl}&login_hint=${encodeURIComponent(loginHint)}` : authUrl;
  const redirect = await followAuthorization(url);
  expect(redirect.code, redirect.error ?? 'no code').toBeTruthy();
  return redirect as { code: string; state: string };
}

/** Connects the user's Microsoft 365 account through the whole code flow; answers the connection. */
export async function connectMicrosoft(
  app: FastifyInstance,
  token: string,
  loginHint?: string,
): Promise<TOAuthConnectedResponse> {
  const start = await call<TOAuthConnectResponse>(app, 'POST', '/api/v1/oauth/connect/microsoft', { token });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const { code, state } = await authorize(start.body.auth_url, loginHint);
  const done = await call<TOAuthConnectedResponse>(app, 'GET', callbackUrl({ code, state }), { token });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body;
}

export const callbackUrl = (params: Record<string, string>) =>
  `/api/v1/oauth/callback?${new URLSearchParams(params)}`;
