import { rmSync } from 'node:fs';
import {
  E2E_MAIL_DIR,
  E2E_MICROSOFT_SETTINGS,
  E2E_PORT,
  E2E_SHORT_TTL_PORT,
  E2E_SHORT_TTL_SECONDS,
  E2E_SMTP_PORT,
} from './environment.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { startServer } from './server-process.ts';

/** Starts a mail catcher and two real servers; the returned function stops them all. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  const stopMail = await startMailCatcher(E2E_SMTP_PORT, E2E_MAIL_DIR);
  const common = {
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    JWT_SECRET: 'e2e-only-secret-not-for-production-use',
    // Specs serve feeds from a local HTTP server on 127.0.0.1, which the request-forgery guard refuses otherwise.
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  const servers = await Promise.all([
    startServer(E2E_PORT, common),
    // The second server also has Microsoft sign-in configured, so the sign-in page offers it there.
    startServer(E2E_SHORT_TTL_PORT, {
      ...common,
      ACCESS_TOKEN_TTL_SECONDS: String(E2E_SHORT_TTL_SECONDS),
      ...E2E_MICROSOFT_SETTINGS,
    }),
  ]);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await stopMail();
  };
}
