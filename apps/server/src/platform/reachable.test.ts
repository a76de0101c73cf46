import { describe, expect, it } from 'vitest';
import { reachable } from './reachable.ts';

describe('reachable', () => {
  it('is true when the ping answers, false when it fails or hangs past the timeout', async () => {
    expect(await reachable(async () => 'pong')).toBe(true);
    expect(await reachable(async () => Promise.reject(new Error('connection refused')))).toBe(false);
    const started = Date.now();
    expect(await reachable(() => new Promise(() => {}), 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
