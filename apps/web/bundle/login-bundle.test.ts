import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Rollup } from 'vite';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Keeps the first load light: builds the web app (in memory) and walks the chunk graph that /login
 * loads — the entry with its static imports, then the login route's chunk with its own. Fails when
 * someone imports a page eagerly, or pulls zod or the schema modules into the public pages.
 */

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Issue #6's goal for /login: JS and CSS together, gzipped. */
const LOGIN_BUDGET_GZIP_BYTES = 150 * 1024;

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

let chunks: Map<string, Chunk>;
let assets: Map<string, Rollup.OutputAsset>;

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, sourcemap: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const files = outputs.flatMap((output) => output.output);
  chunks = new Map(
    files.filter((file) => file.type === 'chunk').map((file) => [file.fileName, file as Chunk]),
  );
  assets = new Map(
    files.filter((file) => file.type === 'asset').map((file) => [file.fileName, file as Rollup.OutputAsset]),
  );
}, 180_000);

/** The chunks a browser fetches before `start` can run: itself and its static imports, transitively. */
function staticClosure(start: Chunk): Chunk[] {
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}

function chunkOf(moduleSuffix: string): Chunk {
  const found = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
  if (!found) throw new Error(`No chunk is built for ${moduleSuffix}`);
  return found;
}

function loginLoad(): Chunk[] {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const all = new Map<string, Chunk>();
  for (const chunk of [
    ...staticClosure(entry),
    ...staticClosure(chunkOf('features/auth/components/login-page.tsx')),
  ])
    all.set(chunk.fileName, chunk);
  return [...all.values()];
}

const modulesOf = (load: Chunk[]) =>
  load.flatMap((chunk) => chunk.moduleIds).map((id) => id.replaceAll('\\', '/'));

describe('the /login bundle', () => {
  it('leaves every signed-in page to its own lazily loaded chunk', () => {
    const modules = modulesOf(loginLoad());
    for (const page of [
      'features/deals/',
      'features/companies/',
      'features/thesis/',
      'features/organizations/',
      'features/profile/',
      'app/layout/',
      'features/auth/components/register-page.tsx',
    ]) {
      expect(
        modules.filter((id) => id.includes(page)),
        page,
      ).toEqual([]);
    }
  });

  it('carries neither zod nor the contract schemas (only their plain constants)', () => {
    const modules = modulesOf(loginLoad());
    expect(modules.filter((id) => id.includes('/node_modules/zod/'))).toEqual([]);
    expect(
      modules.filter((id) => id.includes('packages/contracts/src/') && !id.endsWith('/constants.ts')),
    ).toEqual([]);
  });

  it('still builds the signed-in pages, with zod where the forms validate', () => {
    const dealsLoad = staticClosure(chunkOf('features/deals/components/deals-page.tsx'));
    expect(modulesOf(dealsLoad).some((id) => id.includes('/node_modules/zod/'))).toBe(true);
  });

  it('is preloaded from index.html, so it downloads alongside React', () => {
    const html = String(assets.get('index.html')?.source ?? '');
    const json = /<script type="application\/json" id="route-preloads">(.*?)<\/script>/s.exec(html)?.[1];
    const preloads = JSON.parse(json ?? '{}') as Record<string, string[]>;
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry) as Chunk;
    const fromHtml = new Set(staticClosure(entry).map((chunk) => chunk.fileName));
    const needed = staticClosure(chunkOf('features/auth/components/login-page.tsx'))
      .map((chunk) => chunk.fileName)
      .filter((name) => !fromHtml.has(name));
    expect(needed.length).toBeGreaterThan(0);
    expect(new Set(preloads['/login'])).toEqual(new Set(needed.map((name) => `/${name}`)));
    expect(html).toMatch(/<script type="module" async src="\/route-preload\.js"><\/script>/);
  });

  it('stays within 150 KB of gzipped JS and CSS', () => {
    const load = loginLoad();
    const css = new Set(load.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
    const gzipped = (content: string | Uint8Array) => gzipSync(content, { level: 9 }).length;
    const total =
      load.reduce((sum, chunk) => sum + gzipped(chunk.code), 0) +
      [...css].reduce((sum, name) => sum + gzipped(assets.get(name)?.source ?? ''), 0);
    expect(css.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP_BYTES);
  });
});

describe('the dashboard bundle', () => {
  it('loads recharts only with the charts, after the page (decision 034)', () => {
    const page = modulesOf(staticClosure(chunkOf('features/dashboard/components/dashboard-page.tsx')));
    expect(page.filter((id) => id.includes('/node_modules/recharts/'))).toEqual([]);
    const charts = modulesOf(
      staticClosure(chunkOf('features/dashboard/components/charts/dashboard-charts.tsx')),
    );
    expect(charts.some((id) => id.includes('/node_modules/recharts/'))).toBe(true);
  });
});
