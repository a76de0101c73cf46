import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-23T04:00:00Z');

  it('reads seconds', () => {
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(retryAfterMs('Mon, 23 Nov 2026 04:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Mon, 23 Nov 2026 03:59:00 GMT', now)).toBe(0);
  });

  it('answers null for an absent or unreadable header', () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('1.5', now)).toBeNull();
    expect(retryAfterMs('-3', now)).toBeNull();
  });
});
