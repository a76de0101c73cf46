import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterSeconds } from './backoff.ts';
import { Semaphore } from './semaphore.ts';

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});

describe('backoffMs', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});

describe('Semaphore', () => {
  it('lets at most `limit` holders in, first come first served', async () => {
    const semaphore = new Semaphore(2);
    const order: string[] = [];
    const first = await semaphore.acquire();
    const second = await semaphore.acquire();
    const third = semaphore.acquire().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = semaphore.acquire().then((release) => {
      order.push('fourth');
      return release;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    first(); // a second call is ignored, not a second slot
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
