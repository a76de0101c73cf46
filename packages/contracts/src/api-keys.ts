import { z } from 'zod';

/**
 * Personal API keys (Your Profile): bearer tokens for the REST API and the MCP server, scoped to the
 * user and organisation that made them. The secret is shown once, when created; only its hash is kept.
 */

/** Every key starts with this, so it is recognisable in a config file and by secret scanners. */
export const API_KEY_PREFIX = 'atp_';
export const API_KEYS_MAX_PER_USER = 20;

export const ZCreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(100),
  /** Days until the key stops working; omitted: it does not expire. */
  expires_in_days: z.number().int().min(1).max(3650).optional(),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the secret ("atp_3fK9…"), to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The answer to POST /users/me/api-keys: the only time `secret` is shown. */
export const ZCreatedApiKey = ZApiKey.extend({ secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZApiKeyListResponse = z.object({ api_keys: z.array(ZApiKey) });
export type TApiKeyListResponse = z.infer<typeof ZApiKeyListResponse>;
