import { createHash, randomBytes } from 'node:crypto';

/** A random value in base64url, for OAuth `state` and OIDC `nonce` (32 bytes = 256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * A PKCE pair (RFC 7636, S256): the verifier stays with us (encrypted in the OAuth state row), the
 * challenge goes in the authorization URL. 32 random bytes give the 43-character verifier.
 */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomToken(32);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}
