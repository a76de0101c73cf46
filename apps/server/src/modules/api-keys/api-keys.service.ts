import {
  API_KEY_PREFIX,
  API_KEYS_MAX_PER_USER,
  type TApiKey,
  type TCreateApiKeyRequest,
  type TCreatedApiKey,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Principal } from '../../platform/auth.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { hashToken, newOpaqueToken } from '../../platform/tokens.ts';
import { lockUser } from '../users/index.ts';
import * as repository from './api-keys.repository.ts';

/** Characters of the secret kept in clear to tell keys apart: "atp_" and 8 of its 43 random ones. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const DAY_MS = 86_400_000;

export function toApiKey(row: repository.ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, userId: string): Promise<TApiKey[]> {
  return (await repository.listApiKeysOfUser(db, userId)).map(toApiKey);
}

/**
 * Makes a key for the caller in their current organisation. The secret (32 random bytes) is
 * returned here once; only its SHA-256 is stored, like the refresh tokens'.
 */
export async function createApiKey(
  db: Database,
  principal: Principal,
  request: TCreateApiKeyRequest,
  now = new Date(),
): Promise<TCreatedApiKey> {
  // A leaked key must not be able to mint others that outlive its deletion.
  if (principal.apiKeyId) {
    throw forbidden('Sign in to create an API key; an API key cannot create another', 'API_KEY_NOT_ALLOWED');
  }
  const secret = `${API_KEY_PREFIX}${newOpaqueToken()}`;
  const row = await db.transaction(async (tx) => {
    // Holds the user's row until the transaction ends, so two creations cannot both pass the limit.
    await lockUser(tx, principal.userId);
    if ((await repository.countApiKeysOfUser(tx, principal.userId)) >= API_KEYS_MAX_PER_USER) {
      throw conflict(
        `You can have at most ${API_KEYS_MAX_PER_USER} API keys. Delete one you no longer use first.`,
        'API_KEY_LIMIT',
      );
    }
    return repository.insertApiKey(tx, {
      organizationId: principal.organizationId,
      userId: principal.userId,
      name: request.name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      secretHash: hashToken(secret),
      expiresAt:
        request.expires_in_days === undefined
          ? null
          : new Date(now.getTime() + request.expires_in_days * DAY_MS),
    });
  });
  return { ...toApiKey(row), secret };
}

export async function deleteApiKey(db: Database, userId: string, id: string): Promise<void> {
  if (!(await repository.deleteApiKeyOfUser(db, userId, id))) throw notFound('API key not found');
}
