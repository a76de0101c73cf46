import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** How the next id_token should be broken, to test that the client refuses it. */
export type IdTokenTamper = 'foreign-key' | 'wrong-audience' | 'wrong-issuer' | 'expired' | 'missing-oid';

/**
 * The fake's signing key (RS256, made at start) and its JWKS. A second key with the same `kid`
 * signs a "foreign-key" token: the header looks right, only the signature check can catch it.
 */
export class IdTokenSigner {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly foreignKey: CryptoKey,
    readonly kid: string,
    readonly publicJwk: JWK,
  ) {}

  static async create(): Promise<IdTokenSigner> {
    const own = await generateKeyPair('RS256', { extractable: true });
    const foreign = await generateKeyPair('RS256');
    const kid = randomUUID().replaceAll('-', '').slice(0, 27);
    const jwk = await exportJWK(own.publicKey);
    return new IdTokenSigner(own.privateKey, foreign.privateKey, kid, {
      ...jwk,
      kid,
      use: 'sig',
      alg: 'RS256',
    });
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  async sign(claims: Record<string, unknown>, tamper: IdTokenTamper | null): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const body: Record<string, unknown> = { iat: now, nbf: now, exp: now + 3600, ...claims };
    if (tamper === 'wrong-audience') body.aud = '00000000-0000-0000-0000-00000000beef';
    if (tamper === 'wrong-issuer')
      body.iss = String(body.iss).replace(/\/[^/]+\/v2\.0$/, '/00000000-0000-0000-0000-000000000bad/v2.0');
    if (tamper === 'expired') Object.assign(body, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
    if (tamper === 'missing-oid') delete body.oid;
    return new SignJWT(body)
      .setProtectedHeader({ alg: 'RS256', kid: this.kid, typ: 'JWT' })
      .sign(tamper === 'foreign-key' ? this.foreignKey : this.privateKey);
  }
}
