import type { Config } from '../../config.ts';
import { createTokenCipher, type TokenCipher } from './token-cipher.ts';

const ciphers = new Map<string, TokenCipher>();

/** The cipher for the configured key (derived once per key per process). */
export function secretsCipher(config: Config): TokenCipher {
  const key = config.integrations.encryptionKey;
  let cipher = ciphers.get(key);
  if (!cipher) {
    cipher = createTokenCipher(key);
    ciphers.set(key, cipher);
  }
  return cipher;
}
