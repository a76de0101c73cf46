import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals connection secrets (access and refresh tokens, PKCE verifiers, API keys) with AES-256-GCM.
 * The associated data names the row a ciphertext belongs to (a connection id, an OAuth state):
 * a ciphertext copied onto another row fails to open. The version prefix lets a later key or
 * algorithm coexist with this one.
 */
export interface TokenCipher {
  seal(plaintext: string, associatedData: string): string;
  /** Throws when the ciphertext was altered, belongs to another row or to another key. */
  open(sealed: string, associatedData: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealedSecretError extends Error {
  constructor() {
    super('A stored secret could not be decrypted (altered, moved, or sealed with another key)');
    this.name = 'SealedSecretError';
  }
}

export function createTokenCipher(secret: string): TokenCipher {
  // The setting is a passphrase of any form; HKDF turns it into a uniform 256-bit key.
  const key = Buffer.from(hkdfSync('sha256', secret, 'atempo', 'integration secrets v1', 32));
  return {
    seal(plaintext, associatedData) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, associatedData) {
      const [version, payload] = sealed.split('.', 2);
      if (version !== VERSION || !payload) throw new SealedSecretError();
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedSecretError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(associatedData, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SealedSecretError();
      }
    },
  };
}
