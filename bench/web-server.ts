/**
 * The real built server for the web benchmarks: builds apps/web/dist when it is missing or stale
 * (the same rule as `npm start`), then runs `apps/server/src/main.ts` on a free port with a fresh
 * embedded database, exactly as a self-hoster would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs helper of the repository scripts, without type declarations.
import { ensureWebBuild } from '../scripts/lib.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${url} did not become healthy`);
}

export async function startWebServer(): Promise<WebServer> {
  await ensureWebBuild({ force: process.env.BENCH_WEB_BUILD === '1' });
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atempo-bench-web-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, child);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers an organisation through the real API; returns the token pair the web app stores. */
export async function registerAdmin(url: string): Promise<{ access_token: string; refresh_token: string }> {
  const suffix = Math.random().toString(16).slice(2, 10);
  const response = await fetch(`${url}/api/v1/auth/register/organization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organization_name: `Bench Fund ${suffix}`,
      email: `bench-${suffix}@example.com`,
      password: 'correct horse battery',
      first_name: 'Ada',
      last_name: 'Lovelace',
    }),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}
