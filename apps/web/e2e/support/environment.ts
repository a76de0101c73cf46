import os from 'node:os';
import path from 'node:path';

/** Fixed, overridable ports so that the config, the setup and every worker agree. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8310);
export const E2E_SHORT_TTL_PORT = Number(process.env.E2E_SHORT_TTL_PORT ?? 8311);
/** A third server connected to the local Microsoft 365 fake (identity and Graph) on E2E_MICROSOFT_FAKE_PORT. */
export const E2E_INTEGRATIONS_PORT = Number(process.env.E2E_INTEGRATIONS_PORT ?? 8312);
export const E2E_INTEGRATIONS_URL = `http://localhost:${E2E_INTEGRATIONS_PORT}`;
export const E2E_MICROSOFT_FAKE_PORT = Number(process.env.E2E_MICROSOFT_FAKE_PORT ?? 8713);
export const E2E_MICROSOFT_FAKE_URL = `http://127.0.0.1:${E2E_MICROSOFT_FAKE_PORT}`;
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/**
 * A second server whose access tokens live 65 s: the client counts a token expired 60 s early, so
 * a few seconds after sign-in every request must go through a refresh first.
 */
export const E2E_SHORT_TTL_URL = `http://localhost:${E2E_SHORT_TTL_PORT}`;
export const E2E_SHORT_TTL_SECONDS = 65;
/** Microsoft sign-in settings the second server runs with (the first has none, the default). */
export const E2E_MICROSOFT_SETTINGS = {
  MS_CLIENT_ID: 'e2e-client-id',
  MS_CLIENT_SECRET: 'e2e-client-secret',
  MS_TENANT_ID: 'common',
};
export const E2E_EXPIRY_MARGIN_SECONDS = 60;
/** Where the mail catcher writes each message it receives, as JSON. */
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `atempo-e2e-mail-${E2E_PORT}`);
