import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { makePdf } from '@atempo/documents/testing';
import { TEST_JWT_SECRET } from './server.ts';

/**
 * The real server (main.ts) as a child process, for tests and benches that kill it for real
 * (SIGKILL: no shutdown hook, no job given back) and start it again on the same data.
 */
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** The API's base URL, for the 'all' and 'api' roles. */
  url: string;
  /** Kills with SIGKILL and resolves once the process is gone. */
  kill(): Promise<void>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts main.ts with `env` over the test settings and resolves once it serves (or, as a worker, works). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      JWT_SECRET: TEST_JWT_SECRET,
      HOST: '127.0.0.1',
      PORT: port,
      MCP_PORT: '0',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent-atempo-web-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output.push(line);
      if (/Atempo is running at|Worker running/.test(line)) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before it was ready:\n${output.join('\n').slice(-3000)}`)),
    );
  });
  return {
    child,
    url: `http://127.0.0.1:${port}/api/v1`,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** JSON over real HTTP; answers the status and the parsed body. */
export async function request<T = Record<string, unknown>>(
  url: string,
  method: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Registers an organisation; answers its admin's access token. */
export async function registerOverHttp(url: string): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const response = await request<{ access_token: string }>(`${url}/auth/register/organization`, 'POST', {
    body: {
      organization_name: `Restart Fund ${suffix}`,
      email: `admin-${suffix}@example.com`,
      password: 'correct horse battery staple 42',
      first_name: 'Ada',
      last_name: 'Lovelace',
    },
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return response.body.access_token;
}

/** Uploads a PDF for analysis as a job; answers the document and its execution. */
export async function uploadOverHttp(
  url: string,
  token: string,
  bytes: Uint8Array,
): Promise<{ document_id: string; execution_id: string }> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'board-pack.pdf');
  const response = await fetch(`${url}/document-processing/process?async_processing=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { document_id: string; execution_id: string };
  if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A long board pack: `pages` pages of monthly reporting with figures, so that extracting and
 * analysing it takes seconds, long enough to kill the server in the middle.
 */
export function largeBoardPack(pages: number): Promise<Uint8Array> {
  const texts = Array.from({ length: pages }, (_, index) => {
    const month = (index % 12) + 1;
    const lines = [
      `Board pack, monthly report ${index + 1}`,
      `ARR: EUR 3.1m. Cash: EUR 1.4m. Net burn EUR 150k per month.`,
      ...Array.from(
        { length: 40 },
        (_, row) => `Line ${row + 1}\t${(1_000 + row * 17 + month).toLocaleString('en-GB')}\t${row + month}`,
      ),
    ];
    return lines.join('\n');
  });
  return makePdf(texts);
}
