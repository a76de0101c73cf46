import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live. Content addressed: a file is named by its organisation and its
 * sha256, so the same file uploaded twice in an organisation is stored once, and putting it again
 * is harmless. Which documents use a file is the database's business (stored_files), not the store's.
 */
export interface FileStorage {
  /** Stores the bytes (in memory, or a temporary file, which is moved or copied) and answers the key. */
  put(organizationId: string, sha256: string, source: StorageSource): Promise<string>;
  /** The bytes as a stream; StoredFileMissingError when nothing is stored under that name. */
  get(organizationId: string, sha256: string): Promise<Readable>;
  /** Removes the bytes; removing what is not there is not an error. */
  delete(organizationId: string, sha256: string): Promise<void>;
  exists(organizationId: string, sha256: string): Promise<boolean>;
  /** What logs and stored_files.storage_key call the file. */
  keyOf(organizationId: string, sha256: string): string;
}

/** Bytes in memory, or a file on local disk that the store may move away (the caller removes what is left). */
export type StorageSource = Uint8Array | { path: string; size: number };

export class StoredFileMissingError extends Error {
  override name = 'StoredFileMissingError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * `{organizationId}/{sha256}`, refusing anything else: both parts come from our own rows, but a key
 * is a path on disk, so a malformed one must never get as far as the file system.
 */
export function storageKey(organizationId: string, sha256: string): string {
  if (!UUID.test(organizationId)) throw new Error(`Not an organisation id: ${organizationId}`);
  if (!SHA256.test(sha256)) throw new Error(`Not a lower-case hex sha256: ${sha256}`);
  return `${organizationId}/${sha256}`;
}
