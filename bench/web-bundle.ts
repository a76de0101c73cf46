/**
 * What /login costs a first-time visitor: loads the page in Chromium (Playwright) against the real
 * built server and lists every JS and CSS file it fetched, with its raw size, its gzip size
 * (computed here, level 6 as servers use, so the figure does not depend on whether the server
 * compresses) and the bytes actually transferred. Goal (issue #6): ≤ 150 KB gzipped JS+CSS.
 *
 *     npx tsx bench/web-bundle.ts            # BENCH_PATH=/login
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH, startWebServer } from './web-server.ts';

const PAGE_PATH = process.env.BENCH_PATH ?? '/login';
const GOAL_BYTES = 150 * 1024;

interface Loaded {
  file: string;
  type: 'js' | 'css';
  raw: number;
  gzip: number;
  transferred: number;
  encoding: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startWebServer();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const pending: Promise<Loaded | null>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const url = new URL(request.url());
          const type = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
          if (!type || url.origin !== server.url) return null;
          const response = await request.response();
          if (!response) return null;
          const body = await response.body();
          const sizes = await request.sizes();
          return {
            file: url.pathname,
            type,
            raw: body.length,
            gzip: gzipSync(body, { level: 6 }).length,
            transferred: sizes.responseBodySize,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          };
        })(),
      );
    });
    await page.goto(`${server.url}${PAGE_PATH}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const loaded = (await Promise.all(pending))
      .filter((entry): entry is Loaded => entry !== null)
      .sort((a, b) => b.gzip - a.gzip);

    for (const entry of loaded) {
      console.log(
        `${entry.file.padEnd(48)} ${entry.type.padEnd(4)} raw ${kb(entry.raw).padStart(9)}  gzip ${kb(entry.gzip).padStart(8)}  transferred ${kb(entry.transferred).padStart(8)} (${entry.encoding})`,
      );
    }
    const total = (key: 'raw' | 'gzip' | 'transferred') => loaded.reduce((sum, entry) => sum + entry[key], 0);
    const summary = {
      page: PAGE_PATH,
      files: loaded.length,
      js_files: loaded.filter((entry) => entry.type === 'js').length,
      raw_bytes: total('raw'),
      gzip_bytes: total('gzip'),
      transferred_bytes: total('transferred'),
      goal_gzip_bytes: GOAL_BYTES,
    };
    console.log(JSON.stringify(summary));
    console.log(
      `${PAGE_PATH}: ${loaded.length} JS/CSS files, ${kb(summary.gzip_bytes)} gzipped (${kb(summary.raw_bytes)} raw, ${kb(summary.transferred_bytes)} transferred); goal ≤ ${kb(GOAL_BYTES)}: ${summary.gzip_bytes <= GOAL_BYTES ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
