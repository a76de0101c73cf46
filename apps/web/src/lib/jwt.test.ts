import { describe, expect, it } from 'vitest';
import { makeJwt } from '../test/fakes.ts';
import { decodeJwtPayload, isTokenExpired, proactiveRefreshDelay } from './jwt.ts';

const T0 = 1_700_000_000; // seconds
const ms = (seconds: number) => seconds * 1000;

describe('JWT timing', () => {
  it('decodes a base64url payload', () => {
    expect(decodeJwtPayload(makeJwt({ sub: 'ü-user', exp: T0 }))).toMatchObject({ sub: 'ü-user', exp: T0 });
    expect(decodeJwtPayload('not-a-jwt')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
  });

  it('counts a token as expired from 60 s before its exp', () => {
    const token = makeJwt({ iat: T0, exp: T0 + 900 });
    expect(isTokenExpired(token, ms(T0 + 900 - 61))).toBe(false);
    expect(isTokenExpired(token, ms(T0 + 900 - 60))).toBe(true);
    expect(isTokenExpired(token, ms(T0 + 1000))).toBe(true);
  });

  it('leaves tokens it cannot read to the server', () => {
    expect(isTokenExpired('opaque-token', ms(T0))).toBe(false);
    expect(isTokenExpired(makeJwt({ sub: 'no-exp' }), ms(T0))).toBe(false);
  });

  it('plans the refresh 120 s before expiry when that is later than 80% of the lifetime', () => {
    // 15 min lifetime: 80% is 720 s, 120 s before expiry is 780 s → 780 s.
    const token = makeJwt({ iat: T0, exp: T0 + 900 });
    expect(proactiveRefreshDelay(token, ms(T0))).toBe(ms(780));
    expect(proactiveRefreshDelay(token, ms(T0 + 100))).toBe(ms(680));
  });

  it('plans the refresh at 80% of the lifetime when that is later', () => {
    // 5 min lifetime: 80% is 240 s, 120 s before expiry is 180 s → 240 s.
    const token = makeJwt({ iat: T0, exp: T0 + 300 });
    expect(proactiveRefreshDelay(token, ms(T0))).toBe(ms(240));
  });

  it('refreshes at once when the planned moment has passed, and uses the receipt time without iat', () => {
    expect(proactiveRefreshDelay(makeJwt({ iat: T0, exp: T0 + 300 }), ms(T0 + 290))).toBe(0);
    expect(proactiveRefreshDelay(makeJwt({ exp: T0 + 300 }), ms(T0 + 50), ms(T0))).toBe(ms(190));
    expect(proactiveRefreshDelay('opaque', ms(T0))).toBeNull();
  });
});
