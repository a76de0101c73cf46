// `npm run dev`: the API with reload on :8000 and the Vite dev server on :5173 (which the client
// recognises as local development, so it calls the API on localhost:8000; CORS allows it).
import { spawn } from 'node:child_process';
import { ensureDependencies, ROOT } from './lib.mjs';

await ensureDependencies();
const env = { ...process.env, CORS_ORIGINS: process.env.CORS_ORIGINS ?? 'http://localhost:5173' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', '@atempo/web'], { cwd: ROOT, env, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', () => stop('SIGTERM'));
