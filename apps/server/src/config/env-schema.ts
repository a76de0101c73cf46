/** The validation of the environment settings: each setting's type and default. */
import { z } from 'zod';

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

export const ZEnv = z.object({
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
  MS_LOGIN_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://login.microsoftonline.com')),
  GRAPH_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://graph.microsoft.com/v1.0')),
  INTEGRATIONS_ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'at least 32 characters').optional(),
  ),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_AUTH_URL: z.preprocess(
    emptyAsUndefined,
    z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  ),
  GOOGLE_TOKEN_URL: z.preprocess(emptyAsUndefined, z.url().default('https://oauth2.googleapis.com/token')),
  GOOGLE_REVOKE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://oauth2.googleapis.com/revoke')),
  GMAIL_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://gmail.googleapis.com')),
  BOX_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  BOX_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  BOX_AUTH_URL: z.preprocess(
    emptyAsUndefined,
    z.url().default('https://account.box.com/api/oauth2/authorize'),
  ),
  BOX_API_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.box.com')),
  AFFINITY_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.affinity.co')),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  JOB_WORKER_LEASE_SECONDS: positiveInt.default(30),
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
  CHAT_QUESTIONS_PER_MINUTE: positiveInt.default(20),
  CHAT_BUILT_IN_QUESTIONS_PER_MINUTE: positiveInt.default(120),
  MCP_PORT: port.default(8080),
  FETCH_ALLOW_PRIVATE_NETWORKS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
});

export type Role = z.infer<typeof ZEnv>['ROLE'];

/** The names the validator reads; a test keeps SETTINGS (and so the docs) in step with them. */
export const READ_SETTING_NAMES = Object.keys(ZEnv.shape);

/** The settings as validated. */
export type Env = z.infer<typeof ZEnv>;
