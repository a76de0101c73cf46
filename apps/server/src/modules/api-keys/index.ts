export { createApiKeyVerifier } from './api-key-verifier.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
