import type { FxRates } from '@atempo/documents';
import type { Env, Role } from './env-schema.ts';

/** The server's configuration, as loadConfig reads it from the settings. */

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
  logLevel: Env['LOG_LEVEL'];
  corsOrigins: string[];
  trustProxy: boolean | number | string[];
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginThrottleWindowSeconds: number;
  role: Role;
  webDist: string;
  /** Microsoft sign-in (Entra app registration); null when not configured. */
  microsoft: MicrosoftSignInConfig | null;
  /** Outside services: their addresses, apps and the key that encrypts their tokens. */
  integrations: IntegrationsConfig;
  shutdownTimeoutMs: number;
  /** A worker process's lease on its jobs (JOB_WORKER_LEASE_SECONDS). */
  jobWorkerLeaseSeconds: number;
  /** Where uploaded files live: DATA_DIR/files, or an S3 bucket. */
  storage: StorageConfig;
  /** The analyst's rates for converting other currencies to EUR. */
  fxRates: FxRates;
  /** The configured language model; null: the built-in analyst answers. */
  llm: LlmConfig | null;
  /** Each user's assistant questions a minute, by the engine that answers (CHAT_*QUESTIONS_PER_MINUTE). */
  chatQuestionsPerMinute: { model: number; builtIn: number };
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

export interface IntegrationsConfig {
  /** Encrypts connection tokens and API keys at rest (AES-256-GCM). */
  encryptionKey: string;
  microsoftLoginBaseUrl: string;
  graphBaseUrl: string;
  google: OAuthAppConfig & { authUrl: string; tokenUrl: string; revokeUrl: string; gmailBaseUrl: string };
  box: OAuthAppConfig & { authUrl: string; apiBaseUrl: string };
  affinityBaseUrl: string;
}

/** An OAuth app's registration; null fields when the operator has not set them. */
export interface OAuthAppConfig {
  clientId: string | null;
  clientSecret: string | null;
}
