// `npm test`: everything, in the order that fails fastest — lint, typecheck, unit and integration
// tests (against PostgreSQL when TEST_DATABASE_URL is set, else PGlite), the SPA build, then
// Playwright end-to-end in Chromium. Prints one closing line with the test counts.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureDependencies, ensureWebBuild, ROOT, run } from './lib.mjs';

const RESULTS = path.join(ROOT, 'test-results');
const counts = { passed: 0, failed: 0, skipped: 0 };

async function step(name, action) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  let ok = false;
  try {
    ok = await action();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) finish(1);
}

function addVitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywrightCounts(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}

function readCounts(add, file) {
  try {
    add(file);
  } catch {
    // A runner that died before writing its report already failed its step.
  }
}

function finish(code) {
  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(code);
}

rmSync(RESULTS, { recursive: true, force: true });
await step('install', async () => {
  await ensureDependencies();
  return true;
});
await step('lint (biome)', async () => (await run('npx', ['biome', 'ci', '.'])) === 0);
// One owner per table (decision 038): a module that names another's table fails here.
await step('table owners', async () => (await run('node', ['scripts/table-owners.mjs', '--check'])) === 0);
await step('typecheck', async () => (await run('npm', ['run', 'typecheck', '--silent'])) === 0);
await step('unit and integration tests (vitest)', async () => {
  const report = path.join(RESULTS, 'vitest.json');
  const code = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  readCounts(addVitestCounts, report);
  return code === 0;
});
await step('web build', async () => {
  await ensureWebBuild({ force: true });
  return true;
});
await step('end-to-end tests (playwright, chromium)', async () => {
  const chromium = await ensureChromium();
  const report = path.join(RESULTS, 'playwright.json');
  const code = await run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  readCounts(addPlaywrightCounts, report);
  return code === 0;
});
finish(0);
