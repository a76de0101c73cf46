import type { KeyValueStorage } from './platform.ts';

/** localStorage keys of spec 01 §3. auth_token is the one the spec names; access_token is kept in step. */
export const ACCESS_TOKEN_KEY = 'access_token';
export const AUTH_TOKEN_KEY = 'auth_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export function readAccessToken(storage: KeyValueStorage): string | null {
  return storage.getItem(AUTH_TOKEN_KEY) || storage.getItem(ACCESS_TOKEN_KEY) || null;
}

export function readRefreshToken(storage: KeyValueStorage): string | null {
  return storage.getItem(REFRESH_TOKEN_KEY) || null;
}

export function writeTokens(storage: KeyValueStorage, tokens: TokenPair): void {
  storage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  storage.setItem(AUTH_TOKEN_KEY, tokens.access_token);
  storage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
}

export function clearTokens(storage: KeyValueStorage): void {
  storage.removeItem(ACCESS_TOKEN_KEY);
  storage.removeItem(AUTH_TOKEN_KEY);
  storage.removeItem(REFRESH_TOKEN_KEY);
}
