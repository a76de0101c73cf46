import type { TOAuthProvider } from '@atempo/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/** Whether this server can talk to a provider, and if not, which settings the operator must set. */
export interface ProviderReadiness {
  configured: boolean;
  missingSettings: string[];
}

function readiness(settings: Record<string, string | null | undefined>): ProviderReadiness {
  const missingSettings = Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  return { configured: missingSettings.length === 0, missingSettings };
}

export function providerReadiness(config: Config, provider: TOAuthProvider | 'affinity'): ProviderReadiness {
  switch (provider) {
    case 'microsoft':
      return readiness({
        MS_CLIENT_ID: config.microsoft?.clientId,
        MS_CLIENT_SECRET: config.microsoft?.clientSecret,
        MS_TENANT_ID: config.microsoft?.tenantId,
      });
    case 'google':
      return readiness({
        GOOGLE_CLIENT_ID: config.integrations.google.clientId,
        GOOGLE_CLIENT_SECRET: config.integrations.google.clientSecret,
      });
    case 'box':
      return readiness({
        BOX_CLIENT_ID: config.integrations.box.clientId,
        BOX_CLIENT_SECRET: config.integrations.box.clientSecret,
      });
    case 'affinity':
      // Each organisation brings its own API key; the server needs nothing.
      return { configured: true, missingSettings: [] };
  }
}

const PROVIDER_NAMES: Record<TOAuthProvider, string> = {
  microsoft: 'Microsoft 365',
  google: 'Google',
  box: 'Box',
};

export function providerName(provider: TOAuthProvider): string {
  return PROVIDER_NAMES[provider];
}

/** Refuses to start a flow the server cannot finish, naming the settings to set. */
export function assertConfigured(config: Config, provider: TOAuthProvider): void {
  const { configured, missingSettings } = providerReadiness(config, provider);
  if (!configured) {
    throw new AppError(
      400,
      'NOT_CONFIGURED',
      `${providerName(provider)} is not configured on this server: an administrator must set ${missingSettings.join(', ')}.`,
    );
  }
}

/** One exact redirect URI per provider (a mix-up defence): the web app's return page for it. */
export function redirectUriOf(config: Config, provider: TOAuthProvider): string {
  const paths: Record<TOAuthProvider, string> = {
    microsoft: '/auth-callback',
    google: '/auth/gmail-callback',
    box: '/auth/box-callback',
  };
  return `${config.publicUrl}${paths[provider]}`;
}
