import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './auth.ts';

const principal = {
  userId: '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  organizationId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  role: 'member' as const,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies a token again from memory, and still says when it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createAccessTokens('a-secret-long-enough-for-hs256-signing-0123456789', 60);
    const token = await tokens.sign(principal);
    expect(await tokens.verify(token)).toEqual(principal);
    expect(await tokens.verify(token)).toEqual(principal);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
    // Forgotten once expired: a second try is judged by the signature check again, same answer.
    await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
  });

  it('remembers only what it verified: a token signed with another secret is refused every time', async () => {
    const ours = createAccessTokens('a-secret-long-enough-for-hs256-signing-0123456789', 60);
    const theirs = createAccessTokens('another-secret-long-enough-for-hs256-signing-9876', 60);
    const forged = await theirs.sign({ ...principal, role: 'member' });
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(ours.verify(forged)).rejects.toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    }
  });
});
