import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Measures whether the main thread keeps answering while `work` runs: the event loop's delay
 * (perf_hooks histogram) and a real HTTP /health on a loopback port, asked every 100 ms.
 */
export interface Responsiveness<T> {
  outcome: { ok: true; value: T } | { ok: false; error: unknown };
  elapsedMs: number;
  /** Latency of every /health answered while the work ran. */
  pingsMs: number[];
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
}

export async function startHealthServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/health`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function measureWhile<T>(healthUrl: string, work: () => Promise<T>): Promise<Responsiveness<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const pingsMs: number[] = [];
  let running = true;
  const pinger = (async () => {
    while (running) {
      const sent = performance.now();
      const response = await fetch(healthUrl);
      await response.text();
      if (response.ok) pingsMs.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  let outcome: Responsiveness<T>['outcome'];
  try {
    outcome = { ok: true, value: await work() };
  } catch (error) {
    outcome = { ok: false, error };
  }
  const elapsedMs = performance.now() - started;
  running = false;
  await pinger;
  histogram.disable();
  return {
    outcome,
    elapsedMs,
    pingsMs,
    loopDelayMaxMs: histogram.max / 1e6,
    loopDelayP99Ms: histogram.percentile(99) / 1e6,
  };
}
