import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The fake app registration `npm run dev:fakes` serves (packages/integrations, DEFAULT_FAKE_CLIENT). */
export const MICROSOFT_FAKE_CLIENT = {
  clientId: 'e7c2a8f4-5b1d-4c3e-9a6f-0d8b7c6e5a41',
  clientSecret: 'atempo-fake-client-secret',
};

/** `npm run dev:fakes` on `port`, in its own process as a real provider would be; stop() ends it. */
export async function startMicrosoftFakeProcess(
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-fakes.mjs'], {
    cwd: ROOT,
    env: { ...process.env, FAKES_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Microsoft fake exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/__control/state`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('The Microsoft fake did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
