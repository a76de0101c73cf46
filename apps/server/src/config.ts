import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFxOverrides } from '@atempo/documents';
import { ConfigError } from './config/config-error.ts';
import type {
  Config,
  IntegrationsConfig,
  LlmConfig,
  MicrosoftSignInConfig,
  StorageConfig,
} from './config/config-types.ts';
import { type Env, ZEnv } from './config/env-schema.ts';
import { readOrCreateJwtSecret, readOrCreateSecret } from './config/jwt-secret.ts';

export { ConfigError } from './config/config-error.ts';
export type {
  Config,
  IntegrationsConfig,
  LlmConfig,
  MicrosoftSignInConfig,
  S3StorageConfig,
  StorageConfig,
} from './config/config-types.ts';
export { READ_SETTING_NAMES, type Role } from './config/env-schema.ts';
export { SETTINGS, type SettingDescription } from './config/settings.ts';

/** The repository root, so relative defaults work whatever the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Reads and validates the settings from an environment object (process.env in main, a literal in
 * tests). Throws ConfigError naming every bad setting.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid settings:\n  ROLE: '${e.ROLE}' needs DATABASE_URL (the embedded database serves a single process)`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const microsoft = microsoftSignIn(e);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlRememberSeconds: e.REFRESH_TOKEN_TTL_DAYS_REMEMBER * 86_400,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_HOURS * 3_600,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginThrottleWindowSeconds: e.LOGIN_THROTTLE_WINDOW_SECONDS,
    role: e.ROLE,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST),
    microsoft,
    integrations: integrationsConfig(e, dataDir),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobWorkerLeaseSeconds: e.JOB_WORKER_LEASE_SECONDS,
    storage: storageConfig(e, dataDir),
    fxRates: withFxOverrides(e.FX_RATES),
    llm: llmConfig(e),
    chatQuestionsPerMinute: {
      model: e.CHAT_QUESTIONS_PER_MINUTE,
      builtIn: e.CHAT_BUILT_IN_QUESTIONS_PER_MINUTE,
    },
    mcpPort: e.MCP_PORT === 0 ? null : e.MCP_PORT,
    fetchAllowPrivateNetworks: e.FETCH_ALLOW_PRIVATE_NETWORKS === 'true',
  };
}

/** A provider needs a model; without a key only a local server (a base URL) makes sense. */
function llmConfig(e: Env): LlmConfig | null {
  if (e.LLM_PROVIDER === 'built-in') return null;
  const problems: string[] = [];
  if (!e.LLM_MODEL) problems.push(`LLM_MODEL: required when LLM_PROVIDER=${e.LLM_PROVIDER}`);
  if (!e.LLM_API_KEY && !e.LLM_BASE_URL) {
    problems.push(
      `LLM_API_KEY: required when LLM_PROVIDER=${e.LLM_PROVIDER} talks to the provider's own API`,
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  return {
    provider: e.LLM_PROVIDER,
    baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''),
    apiKey: e.LLM_API_KEY,
    model: e.LLM_MODEL!,
    timeoutMs: e.LLM_TIMEOUT_MS,
  };
}

function storageConfig(e: Env, dataDir: string): StorageConfig {
  if (e.STORAGE === 'disk') return { kind: 'disk', directory: path.join(dataDir, 'files') };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK credential chain',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function integrationsConfig(e: Env, dataDir: string): IntegrationsConfig {
  return {
    encryptionKey:
      e.INTEGRATIONS_ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'integrations-key', 'integrations key'),
    microsoftLoginBaseUrl: trimSlash(e.MS_LOGIN_BASE_URL),
    graphBaseUrl: trimSlash(e.GRAPH_BASE_URL),
    google: {
      clientId: e.GOOGLE_CLIENT_ID ?? null,
      clientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      revokeUrl: e.GOOGLE_REVOKE_URL,
      gmailBaseUrl: trimSlash(e.GMAIL_BASE_URL),
    },
    box: {
      clientId: e.BOX_CLIENT_ID ?? null,
      clientSecret: e.BOX_CLIENT_SECRET ?? null,
      authUrl: e.BOX_AUTH_URL,
      apiBaseUrl: trimSlash(e.BOX_API_BASE_URL),
    },
    affinityBaseUrl: trimSlash(e.AFFINITY_BASE_URL),
  };
}

/** All three Microsoft settings, or none: a partial set is a mistake better reported at start. */
function microsoftSignIn(e: Env): MicrosoftSignInConfig | null {
  const settings = {
    MS_CLIENT_ID: e.MS_CLIENT_ID,
    MS_CLIENT_SECRET: e.MS_CLIENT_SECRET,
    MS_TENANT_ID: e.MS_TENANT_ID,
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid settings:\n  ${missing.join(', ')}: Microsoft sign-in needs MS_CLIENT_ID, MS_CLIENT_SECRET and MS_TENANT_ID together`,
    );
  }
  return {
    clientId: settings.MS_CLIENT_ID as string,
    clientSecret: settings.MS_CLIENT_SECRET as string,
    tenantId: settings.MS_TENANT_ID as string,
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
