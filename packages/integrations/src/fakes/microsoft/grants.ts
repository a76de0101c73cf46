import { randomBytes } from 'node:crypto';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3599;

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  scopes: string[];
  userOid: string;
  issuedAt: number;
  redeemed: boolean;
}

export interface AccessGrant {
  userOid: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

export interface RefreshGrant {
  userOid: string;
  clientId: string;
  scopes: string[];
}

export type RefreshLookup = { grant: RefreshGrant } | { error: 'unknown' | 'rotated' | 'revoked' };

function opaque(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * Everything Entra has handed out: authorization codes (single use, 10 minutes), access tokens
 * (opaque here: a client must never parse them) and refresh tokens (rotating: a used one stops working).
 */
export class GrantStore {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();
  /** Refresh tokens that no longer work, and why: Entra answers each case with its own AADSTS code. */
  private readonly retired = new Map<string, 'rotated' | 'revoked'>();

  issueCode(input: Omit<AuthorizationCode, 'issuedAt' | 'redeemed'>): string {
    const code = opaque('1.AQ');
    this.codes.set(code, { ...input, issuedAt: Date.now(), redeemed: false });
    return code;
  }

  /** The code's record and its state; marks it redeemed (a second use is a replay). */
  redeemCode(code: string): { record: AuthorizationCode; status: 'ok' | 'redeemed' | 'expired' } | null {
    const record = this.codes.get(code);
    if (!record) return null;
    if (record.redeemed) return { record, status: 'redeemed' };
    if (Date.now() - record.issuedAt > CODE_LIFETIME_MS) return { record, status: 'expired' };
    record.redeemed = true;
    return { record, status: 'ok' };
  }

  expireCodes(): void {
    for (const record of this.codes.values()) record.issuedAt = 0;
  }

  issueAccessToken(grant: Omit<AccessGrant, 'expiresAt'>): string {
    const token = opaque('EwB.fake.');
    this.accessTokens.set(token, { ...grant, expiresAt: Date.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000 });
    return token;
  }

  accessGrant(token: string): AccessGrant | null {
    return this.accessTokens.get(token) ?? null;
  }

  expireAccessTokens(): void {
    for (const grant of this.accessTokens.values()) grant.expiresAt = 0;
  }

  issueRefreshToken(grant: RefreshGrant): string {
    const token = opaque('M.C5.fake.');
    this.refreshTokens.set(token, grant);
    return token;
  }

  /** Looks a refresh token up and retires it (rotation): the caller issues the replacement. */
  useRefreshToken(token: string): RefreshLookup {
    const grant = this.refreshTokens.get(token);
    if (!grant) return { error: this.retired.get(token) ?? 'unknown' };
    this.refreshTokens.delete(token);
    this.retired.set(token, 'rotated');
    return { grant };
  }

  /** Revokes every refresh token, or one user's (what "revoke sessions" does in Entra). */
  revokeRefreshTokens(userOid?: string): number {
    let count = 0;
    for (const [token, grant] of this.refreshTokens) {
      if (userOid === undefined || grant.userOid === userOid) {
        this.refreshTokens.delete(token);
        this.retired.set(token, 'revoked');
        count++;
      }
    }
    return count;
  }
}
