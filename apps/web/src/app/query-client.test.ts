import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client.ts';

const apiError = (status: number) => new ApiError({ status, detail: '', code: 'X' });

describe('query cache defaults', () => {
  it('retries up to 3 times, but never a 4xx', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, apiError(503)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(0, new TypeError('x'))).toBe(true);
    expect(shouldRetryQuery(0, apiError(404))).toBe(false);
    expect(shouldRetryQuery(0, apiError(401))).toBe(false);
    expect(shouldRetryQuery(0, apiError(0))).toBe(true);
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps unused data for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });
});
