// Shared steps of the root commands (start, test): run a command, install what is missing, build the SPA.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Newest modification time under a path (files only), skipping node_modules and dist. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** `npm ci` when node_modules is absent or older than the lockfile. */
export async function ensureDependencies() {
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(installed) && newestMtime(installed) >= newestMtime(lock)) return;
  console.log('Installing dependencies (npm ci)...');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error('npm ci failed');
}

/** Builds the SPA when its output is missing or older than any of its sources. */
export async function ensureWebBuild({ force = false } = {}) {
  const web = path.join(ROOT, 'apps', 'web');
  const built = newestMtime(path.join(web, 'dist', 'index.html'));
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    newestMtime(path.join(web, 'index.html')),
    newestMtime(path.join(web, 'vite.config.ts')),
    newestMtime(path.join(web, 'public')),
    newestMtime(path.join(ROOT, 'packages', 'contracts', 'src')),
  );
  if (!force && built > 0 && built >= sources) return;
  console.log('Building the web client...');
  const code = await run('npm', ['run', 'build', '-w', '@atempo/web']);
  if (code !== 0) throw new Error('The web build failed');
}
