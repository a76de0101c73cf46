// `npm start`: install what is missing, build the SPA if stale, then run the server
// (migrations are applied by the server itself at start).
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, ROOT } from './lib.mjs';

try {
  await ensureDependencies();
  await ensureWebBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
});
// The server owns graceful shutdown; pass the signal on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
