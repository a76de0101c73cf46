import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import { createApiKeyVerifier } from './modules/api-keys/index.ts';
import { createCallerLookup } from './modules/users/index.ts';
import type { CallerDirectory } from './platform/ports.ts';

/**
 * What the platform's guards read about callers, from the modules that own it: a user's current
 * organisation and role (users) and personal API keys (api-keys). Wired here, at the composition
 * root, because the platform does not import modules.
 */
export function createCallerDirectory(db: Database, logger?: Logger): CallerDirectory {
  return { lookupCaller: createCallerLookup(db), verifyApiKey: createApiKeyVerifier(db, logger) };
}
