import { createMicrosoftIdentity, type MicrosoftIdentity } from '@atempo/integrations';
import type { Config } from '../../config.ts';
import { assertConfigured, redirectUriOf } from './providers.ts';

/**
 * What Atempo asks Microsoft 365 for, once, at connection: who the user is, their files and
 * sites (SharePoint, OneDrive) and their mail (Outlook reads and sends under the same connection).
 */
export const MICROSOFT_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'User.Read',
  'Files.Read.All',
  'Sites.Read.All',
  'Mail.ReadWrite',
  'Mail.Send',
];

/** The personal-account (MSA) tenant: such an account has OneDrive but no SharePoint. */
export const MICROSOFT_PERSONAL_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const identities = new Map<string, Promise<MicrosoftIdentity>>();

/** The configured Entra app's OIDC client; discovery runs once per process (again after a failure). */
export function microsoftIdentity(config: Config): Promise<MicrosoftIdentity> {
  assertConfigured(config, 'microsoft');
  const app = config.microsoft!;
  const settings = {
    loginBaseUrl: config.integrations.microsoftLoginBaseUrl,
    tenant: app.tenantId,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    redirectUri: redirectUriOf(config, 'microsoft'),
    scopes: MICROSOFT_SCOPES,
  };
  const key = JSON.stringify({ ...settings, clientSecret: undefined });
  const cached = identities.get(key);
  if (cached) return cached;
  const created = createMicrosoftIdentity(settings);
  identities.set(key, created);
  created.catch(() => identities.delete(key));
  return created;
}
