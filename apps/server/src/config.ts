import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FxRates, withFxOverrides } from '@atempo/documents';
import { z } from 'zod';

/** The repository root, so relative defaults work whatever the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface SettingDescription {
  name: string;
  default: string;
  description: string;
}

/** Every environment setting the server reads, in the order the README and SETTINGS.md list them. */
export const SETTINGS: readonly SettingDescription[] = [
  { name: 'PORT', default: '8000', description: 'HTTP port of the API and the web app.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'PostgreSQL connection URL. Unset: the embedded PGlite database in DATA_DIR/pg.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Directory for the embedded database, the generated JWT secret and stored files.',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description:
      'Secret that signs access tokens (at least 32 characters). Unset: generated once and kept in DATA_DIR/jwt-secret (mode 0600). Set it explicitly when several machines serve the API.',
  },
  { name: 'ACCESS_TOKEN_TTL_SECONDS', default: '900', description: 'Lifetime of an access token.' },
  {
    name: 'REFRESH_TOKEN_TTL_DAYS_REMEMBER',
    default: '30',
    description: 'Lifetime of a refresh token when the user ticked Remember me.',
  },
  { name: 'REFRESH_TOKEN_TTL_HOURS', default: '24', description: 'Lifetime of a refresh token otherwise.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description: 'Address users reach the web app at; used for links in emails.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example.com:465. Unset: emails (with their links) are written to the server log.',
  },
  { name: 'MAIL_FROM', default: 'Atempo <no-reply@localhost>', description: 'Sender of outgoing emails.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'CORS_ORIGINS',
    default: '(empty)',
    description: 'Comma-separated origins allowed to call the API from a browser. Empty: no CORS headers.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Whether to trust X-Forwarded-For (true, a hop count, or comma-separated proxy addresses). Needed behind a load balancer so per-IP limits see client addresses.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_ACCOUNT',
    default: '5',
    description: 'Failed sign-ins for one email within the window before sign-in is refused.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_IP',
    default: '20',
    description: 'Failed sign-ins from one IP address within the window before sign-in is refused.',
  },
  {
    name: 'LOGIN_THROTTLE_WINDOW_SECONDS',
    default: '900',
    description: 'Length of the failed sign-in window, counted from the first failure.',
  },
  {
    name: 'ROLE',
    default: 'all',
    description:
      'all: API, web app, MCP server and job workers in one process; api: HTTP only; worker: job workers only; mcp: the MCP server only. api, worker and mcp need DATABASE_URL.',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    description:
      'Directory of the built web app (resolved from the repository root). Missing: the API still runs.',
  },
  {
    name: 'MS_CLIENT_ID',
    default: '(unset)',
    description:
      'Application (client) ID of the Microsoft Entra app for "Sign in with Microsoft". The sign-in page offers Microsoft only when MS_CLIENT_ID, MS_CLIENT_SECRET and MS_TENANT_ID are all set.',
  },
  { name: 'MS_CLIENT_SECRET', default: '(unset)', description: 'Client secret of that Microsoft Entra app.' },
  {
    name: 'MS_TENANT_ID',
    default: '(unset)',
    description: 'Directory (tenant) ID of that app, or common / organizations for multi-tenant sign-in.',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '10000',
    description: 'How long a graceful shutdown waits for requests and running jobs to finish.',
  },
  {
    name: 'STORAGE',
    default: 'disk',
    description:
      'Where uploaded files are kept: disk (DATA_DIR/files) or s3 (any S3-compatible store, with the S3_ settings).',
  },
  {
    name: 'S3_ENDPOINT',
    default: '(unset)',
    description:
      'Address of an S3-compatible server (MinIO, Ceph, R2, Scaleway…), e.g. https://s3.example.com. Unset: AWS S3 in S3_REGION.',
  },
  {
    name: 'S3_BUCKET',
    default: '(unset)',
    description: 'Bucket that holds the files; required when STORAGE=s3.',
  },
  { name: 'S3_REGION', default: 'us-east-1', description: 'Region of the bucket.' },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: '(unset)',
    description:
      'Access key for the bucket, set together with S3_SECRET_ACCESS_KEY. Unset: the AWS SDK finds credentials itself (instance or task role).',
  },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'Secret of that access key.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: '(true with S3_ENDPOINT)',
    description:
      'Address the bucket in the path (https://host/bucket/key) rather than as a subdomain, as most S3-compatible servers need.',
  },
  {
    name: 'FX_RATES',
    default: '(ECB rates of 2024-12-31)',
    description:
      'Exchange rates for converting figures documents state in other currencies to EUR, as JSON: {"rate_date":"2025-06-30","per_base":{"USD":1.17,"GBP":0.86}} (units per 1 EUR; currencies not given keep the default rate).',
  },
  {
    name: 'LLM_PROVIDER',
    default: 'built-in',
    description:
      'The engine behind the assistant and the AI writing: built-in (the deterministic analyst, no network), openai (any OpenAI-compatible chat-completions server: OpenAI, Azure OpenAI, Groq, Mistral, Ollama, vLLM, LM Studio) or anthropic.',
  },
  {
    name: 'LLM_BASE_URL',
    default: "(the provider's)",
    description:
      'Address of the model server, e.g. http://localhost:11434/v1 for Ollama or https://api.groq.com/openai/v1. Required for openai unless it is OpenAI itself.',
  },
  {
    name: 'LLM_API_KEY',
    default: '(unset)',
    description: 'API key of the model server (not needed by local servers).',
  },
  {
    name: 'LLM_MODEL',
    default: '(unset)',
    description:
      'Model name, e.g. gpt-4o-mini, llama-3.3-70b-versatile, claude-sonnet-4-5. Required with a provider.',
  },
  {
    name: 'LLM_TIMEOUT_MS',
    default: '60000',
    description: 'How long one model call may take before the built-in analyst answers instead.',
  },
  {
    name: 'MCP_PORT',
    default: '8080',
    description:
      "Port of the MCP server (Streamable HTTP at /mcp) exposing the assistant's tools; 0 turns it off. ROLE=mcp runs it alone.",
  },
  {
    name: 'FETCH_ALLOW_PRIVATE_NETWORKS',
    default: 'false',
    description:
      'true lets feed fetching and webhooks reach private, loopback and link-local addresses: for tests and closed networks only, since it opens the server to request forgery.',
  },
];

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** FX_RATES: JSON naming a date and units per 1 EUR for some currencies (three capital letters). */
const FX_RATES_MESSAGE = 'must be JSON like {"rate_date":"2025-06-30","per_base":{"USD":1.17}}';
const ZFxRatesJson = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: FX_RATES_MESSAGE });
      return z.NEVER;
    }
  })
  .pipe(
    z.object(
      {
        rate_date: z.iso.date().optional(),
        per_base: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive()),
      },
      { error: FX_RATES_MESSAGE },
    ),
  );

const ZEnv = z.object({
  PORT: port.default(8000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS_REMEMBER: positiveInt.default(30),
  REFRESH_TOKEN_TTL_HOURS: positiveInt.default(24),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAIL_FROM: z.string().min(1).default('Atempo <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default('false'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(20),
  LOGIN_THROTTLE_WINDOW_SECONDS: positiveInt.default(900),
  ROLE: z.enum(['all', 'api', 'worker', 'mcp']).default('all'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  MS_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  MS_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  MS_TENANT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  FX_RATES: z.preprocess(emptyAsUndefined, ZFxRatesJson.optional()),
  LLM_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['built-in', 'openai', 'anthropic']).default('built-in'),
  ),
  LLM_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  LLM_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  LLM_TIMEOUT_MS: positiveInt.default(60_000),
  MCP_PORT: port.default(8080),
  FETCH_ALLOW_PRIVATE_NETWORKS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
});

export type Role = z.infer<typeof ZEnv>['ROLE'];

/** The names the validator reads; a test keeps SETTINGS (and so the docs) in step with them. */
export const READ_SETTING_NAMES = Object.keys(ZEnv.shape);

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlRememberSeconds: number;
  refreshTokenTtlSeconds: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  corsOrigins: string[];
  trustProxy: boolean | number | string[];
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginThrottleWindowSeconds: number;
  role: Role;
  webDist: string;
  /** Microsoft sign-in (Entra app registration); null when not configured. */
  microsoft: MicrosoftSignInConfig | null;
  shutdownTimeoutMs: number;
  /** Where uploaded files live: DATA_DIR/files, or an S3 bucket. */
  storage: StorageConfig;
  /** The analyst's rates for converting other currencies to EUR. */
  fxRates: FxRates;
  /** The configured language model; null: the built-in analyst answers. */
  llm: LlmConfig | null;
  /** Port of the MCP server; null when turned off (MCP_PORT=0). */
  mcpPort: number | null;
  /** Outbound fetches (feeds, webhooks) may reach private addresses: tests and closed networks only. */
  fetchAllowPrivateNetworks: boolean;
}

export interface LlmConfig {
  provider: 'openai' | 'anthropic';
  /** Undefined: the provider's public address (OpenAI, Anthropic). */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export type StorageConfig = { kind: 'disk'; directory: string } | ({ kind: 's3' } & S3StorageConfig);

export interface S3StorageConfig {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Null: the AWS SDK's own credential chain (instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

export interface MicrosoftSignInConfig {
  clientId: string;
  clientSecret: string;
  tenantId: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    storage: storageConfig(e, dataDir),
    fxRates: withFxOverrides(e.FX_RATES),
    llm: llmConfig(e),
    mcpPort: e.MCP_PORT === 0 ? null : e.MCP_PORT,
    fetchAllowPrivateNetworks: e.FETCH_ALLOW_PRIVATE_NETWORKS === 'true',
  };
}

/** A provider needs a model; without a key only a local server (a base URL) makes sense. */
function llmConfig(e: z.infer<typeof ZEnv>): LlmConfig | null {
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

function storageConfig(e: z.infer<typeof ZEnv>, dataDir: string): StorageConfig {
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

/** All three Microsoft settings, or none: a partial set is a mistake better reported at start. */
function microsoftSignIn(e: z.infer<typeof ZEnv>): MicrosoftSignInConfig | null {
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

/**
 * A generated secret is written to a temporary file and hard-linked into place, which fails if the
 * file exists: two processes starting together agree on one complete secret, and restarts keep
 * every session valid.
 */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, randomBytes(48).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  // A umask or a hand-made file may have a wider mode; the secret is for this user only.
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new ConfigError(`The JWT secret in ${file} is shorter than 32 characters`);
  return secret;
}
