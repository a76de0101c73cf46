import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

/** Spec 01 §9 cache defaults: 3 retries, backoff from 1 s doubling to 30 s, garbage collection after 5 min. */
export const QUERY_RETRIES = 3;
export const QUERY_GC_TIME_MS = 5 * 60_000;

/** A 4xx will answer the same again (and a 401 has had its refresh already): only retry the rest. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < QUERY_RETRIES;
}

export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
