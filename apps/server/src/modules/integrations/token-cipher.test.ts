import { describe, expect, it } from 'vitest';
import { createTokenCipher, SealedSecretError } from './token-cipher.ts';

const cipher = createTokenCipher('a-test-key-of-at-least-thirty-two-characters');

describe('token cipher', () => {
  it('opens what it sealed, and the ciphertext does not contain the secret', () => {
    const sealed = cipher.seal('eyJ0eXAiOi.secret-access-token', 'connection-1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('secret-access-token');
    expect(cipher.open(sealed, 'connection-1')).toBe('eyJ0eXAiOi.secret-access-token');
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(cipher.seal('same', 'c')).not.toBe(cipher.seal('same', 'c'));
  });

  it('refuses a ciphertext moved to another row, altered, or sealed with another key', () => {
    const sealed = cipher.seal('refresh-token', 'connection-1');
    expect(() => cipher.open(sealed, 'connection-2')).toThrow(SealedSecretError);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => cipher.open(altered, 'connection-1')).toThrow(SealedSecretError);
    const other = createTokenCipher('another-key-of-at-least-thirty-two-characters');
    expect(() => other.open(sealed, 'connection-1')).toThrow(SealedSecretError);
    expect(() => cipher.open('v2.abc', 'connection-1')).toThrow(SealedSecretError);
    expect(() => cipher.open('garbage', 'connection-1')).toThrow(SealedSecretError);
  });
});
