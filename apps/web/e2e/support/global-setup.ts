import { rmSync } from 'node:fs';
import {
  E2E_INTEGRATIONS_PORT,
  E2E_MAIL_DIR,
  E2E_MICROSOFT_FAKE_PORT,
  E2E_MICROSOFT_SETTINGS,
  E2E_PORT,
  E2E_SHORT_TTL_PORT,
  E2E_SHORT_TTL_SECONDS,
  E2E_SMTP_PORT,
} from './environment.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { MICROSOFT_FAKE_CLIENT, startMicrosoftFakeProcess } from './microsoft-fake-process.ts';
import { startServer } from './server-process.ts';

/**
 * Starts a mail catcher, the Microsoft 365 fake and three real servers; the returned function
 * stops them all.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  const stopMail = await startMailCatcher(E2E_SMTP_PORT, E2E_MAIL_DIR);
  const microsoft = await startMicrosoftFakeProcess(E2E_MICROSOFT_FAKE_PORT);
  const common = {
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    JWT_SECRET: 'e2e-only-secret-not-for-production-use',
    // Specs serve feeds from a local HTTP server on 127.0.0.1, which the request-forgery guard refuses otherwise.
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  // allSettled: when one server fails to start, the others (and the fake) are stopped, not left
  // running after the test run with the ports taken.
  const started = await Promise.allSettled([
    startServer(E2E_PORT, common),
    // The second server also has Microsoft sign-in configured, so the sign-in page offers it there.
    startServer(E2E_SHORT_TTL_PORT, {
      ...common,
      ACCESS_TOKEN_TTL_SECONDS: String(E2E_SHORT_TTL_SECONDS),
      ...E2E_MICROSOFT_SETTINGS,
    }),
    // The third signs in with and connects to the Microsoft 365 fake (identity and Graph).
    startServer(E2E_INTEGRATIONS_PORT, {
      ...common,
      MS_CLIENT_ID: MICROSOFT_FAKE_CLIENT.clientId,
      MS_CLIENT_SECRET: MICROSOFT_FAKE_CLIENT.clientSecret,
      MS_TENANT_ID: 'common',
      MS_LOGIN_BASE_URL: microsoft.url,
      GRAPH_BASE_URL: `${microsoft.url}/v1.0`,
    }),
  ]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(servers.map((server) => server.stop()));
    await microsoft.stop();
    await stopMail();
    throw failure.reason;
  }
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await microsoft.stop();
    await stopMail();
  };
}
