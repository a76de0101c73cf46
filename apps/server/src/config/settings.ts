/** The documentation of every setting, the source of the README's table and SETTINGS.md. */

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
    name: 'MS_LOGIN_BASE_URL',
    default: 'https://login.microsoftonline.com',
    description:
      'Microsoft identity platform: authorize and token at {base}/{tenant}/oauth2/v2.0/…, discovery at {base}/{tenant}/v2.0/.well-known/openid-configuration. https (a private CA through NODE_EXTRA_CA_CERTS) or http on loopback for the local fakes.',
  },
  {
    name: 'GRAPH_BASE_URL',
    default: 'https://graph.microsoft.com/v1.0',
    description: 'Microsoft Graph, for SharePoint, OneDrive and Outlook.',
  },
  {
    name: 'INTEGRATIONS_ENCRYPTION_KEY',
    default: '(generated)',
    description:
      'Key (at least 32 characters) that encrypts connection tokens and API keys at rest (AES-256-GCM). Unset: generated once and kept in DATA_DIR/integrations-key (mode 0600). Set it explicitly when several machines serve the API; changing it disconnects every connection.',
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: '(unset)',
    description: 'OAuth client ID of the Google Cloud app for Gmail (set with GOOGLE_CLIENT_SECRET).',
  },
  { name: 'GOOGLE_CLIENT_SECRET', default: '(unset)', description: 'Client secret of that Google app.' },
  {
    name: 'GOOGLE_AUTH_URL',
    default: 'https://accounts.google.com/o/oauth2/v2/auth',
    description: "Google's authorization endpoint.",
  },
  {
    name: 'GOOGLE_TOKEN_URL',
    default: 'https://oauth2.googleapis.com/token',
    description: "Google's token endpoint.",
  },
  {
    name: 'GOOGLE_REVOKE_URL',
    default: 'https://oauth2.googleapis.com/revoke',
    description: "Google's token revocation endpoint (used on disconnect).",
  },
  { name: 'GMAIL_BASE_URL', default: 'https://gmail.googleapis.com', description: 'The Gmail API.' },
  {
    name: 'BOX_CLIENT_ID',
    default: '(unset)',
    description: 'OAuth client ID of the Box app (set with BOX_CLIENT_SECRET).',
  },
  { name: 'BOX_CLIENT_SECRET', default: '(unset)', description: 'Client secret of that Box app.' },
  {
    name: 'BOX_AUTH_URL',
    default: 'https://account.box.com/api/oauth2/authorize',
    description: "Box's authorization endpoint.",
  },
  {
    name: 'BOX_API_BASE_URL',
    default: 'https://api.box.com',
    description: 'The Box API (and its token endpoint).',
  },
  { name: 'AFFINITY_BASE_URL', default: 'https://api.affinity.co', description: 'The Affinity CRM API.' },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '10000',
    description: 'How long a graceful shutdown waits for requests and running jobs to finish.',
  },
  {
    name: 'JOB_WORKER_LEASE_SECONDS',
    default: '30',
    description:
      "How long a worker process's lease on its running jobs lasts without renewal (renewed every third of it). A worker dead for longer (killed, out of memory, host lost) has its jobs retried by any live process.",
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
    name: 'CHAT_QUESTIONS_PER_MINUTE',
    default: '20',
    description:
      'Questions one user may ask the assistant a minute when a language model answers (LLM_PROVIDER other than built-in). Counted in the database, so every API replica shares it.',
  },
  {
    name: 'CHAT_BUILT_IN_QUESTIONS_PER_MINUTE',
    default: '120',
    description:
      'Questions one user may ask the assistant a minute when the built-in analyst answers (no provider quota to protect, so higher). Counted in the database, so every API replica shares it.',
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
