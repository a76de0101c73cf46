import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, globalTimers, hangUntilAborted, jsonResponse } from '../test/fakes.ts';
import { createApiBaseResolver, HEALTH_CHECK_TIMEOUT_MS } from './api-base.ts';

const LOCAL = 'http://localhost:8000/api/v1';
const HOSTED = 'https://deals.example.com/api/v1';

function resolverWith(answers: Record<string, () => Response | Promise<Response>>) {
  const fetch = createFakeFetch((call) => {
    const answer = answers[call.url];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
  const resolver = createApiBaseResolver({ fetch, timers: globalTimers, candidates: () => [LOCAL, HOSTED] });
  return { fetch, resolver };
}

describe('API base selection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the first candidate whose /health answers JSON', async () => {
    const { fetch, resolver } = resolverWith({
      'http://localhost:8000/health': () => jsonResponse(200, { status: 'ok' }),
      'https://deals.example.com/health': () => jsonResponse(200, { status: 'ok' }),
    });
    await expect(resolver.resolve()).resolves.toBe(LOCAL);
    expect(fetch.calls.map((call) => call.url)).toEqual(['http://localhost:8000/health']);
  });

  it('falls back to the next candidate on a non-OK status', async () => {
    const { fetch, resolver } = resolverWith({
      'http://localhost:8000/health': () => jsonResponse(503, { status: 'degraded' }),
      'https://deals.example.com/health': () => jsonResponse(200, { status: 'ok' }),
    });
    await expect(resolver.resolve()).resolves.toBe(HOSTED);
    expect(fetch.calls.map((call) => call.url)).toEqual([
      'http://localhost:8000/health',
      'https://deals.example.com/health',
    ]);
  });

  it('falls back on a network failure and on an answer that is not JSON', async () => {
    const networkDown = resolverWith({ 'https://deals.example.com/health': () => jsonResponse(200, {}) });
    await expect(networkDown.resolver.resolve()).resolves.toBe(HOSTED);

    const htmlPage = resolverWith({
      'http://localhost:8000/health': () => new Response('<!doctype html><p>hi</p>', { status: 200 }),
      'https://deals.example.com/health': () => jsonResponse(200, {}),
    });
    await expect(htmlPage.resolver.resolve()).resolves.toBe(HOSTED);
  });

  it('treats a probe that hangs past the health timeout as unavailable', async () => {
    const fetch = createFakeFetch((call) =>
      call.url.startsWith('http://localhost') ? hangUntilAborted(call) : jsonResponse(200, {}),
    );
    const resolver = createApiBaseResolver({
      fetch,
      timers: globalTimers,
      candidates: () => [LOCAL, HOSTED],
    });
    const chosen = resolver.resolve();
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK_TIMEOUT_MS - 1);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(chosen).resolves.toBe(HOSTED);
    expect(fetch.calls.map((call) => call.url)).toEqual([
      'http://localhost:8000/health',
      'https://deals.example.com/health',
    ]);
  });

  it('uses the first candidate when none is available', async () => {
    const { resolver } = resolverWith({});
    await expect(resolver.resolve()).resolves.toBe(LOCAL);
  });

  it('probes once and caches the choice, also for concurrent callers', async () => {
    const { fetch, resolver } = resolverWith({ 'http://localhost:8000/health': () => jsonResponse(200, {}) });
    const [a, b] = await Promise.all([resolver.resolve(), resolver.resolve()]);
    await resolver.resolve();
    expect([a, b]).toEqual([LOCAL, LOCAL]);
    expect(fetch.calls).toHaveLength(1);
  });
});
