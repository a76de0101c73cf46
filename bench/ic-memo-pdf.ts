/**
 * IC memo PDF export over HTTP: POST /api/v1/ic-memos/{id}/export-pdf against the real app on a
 * loopback port, for a realistic memo (ten sections, a metrics table, a term sheet, five notes) and a
 * long one (every section ten times over). autocannon runs as a separate node process (its CLI), so
 * the load generator does not share the server's event loop. References in the same run: the same
 * PDF bytes from a plain node:http server (the HTTP floor), and renderIcMemoPdf called in-process
 * (the layout alone, no HTTP, no database). Not a test; nothing asserts.
 *
 *   npx tsx bench/ic-memo-pdf.ts                     # BENCH_SECONDS=10, connections 1 and 4
 *   BENCH_SECONDS=5 npx tsx bench/ic-memo-pdf.ts
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { IC_MEMO_SECTIONS, type TIcMemoSection } from '@atempo/contracts';
import {
  insertMemo,
  realisticFootnotes,
  realisticSections,
} from '../apps/server/src/modules/ic-memos/ic-memo-pdf.fixtures.ts';
import { findMemoForExport, renderIcMemoPdf } from '../apps/server/src/modules/ic-memos/index.ts';
import { createBenchDatabase, envInt, registerOrganization, startApp } from './common.ts';

const run = promisify(execFile);
const SECONDS = envInt('BENCH_SECONDS', 10);
const AUTOCANNON_CLI = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
const FLAGS = { include_financials: true, include_risks: true, include_recommendations: true };

interface LoadFigures {
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  requests: number;
  non_2xx: number;
}

async function load(url: string, connections: number, headers: Record<string, string>, body?: string) {
  const args = [
    AUTOCANNON_CLI,
    '--json',
    '-c',
    String(connections),
    '-d',
    String(SECONDS),
    '-m',
    body === undefined ? 'GET' : 'POST',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    ...(body === undefined ? [] : ['-b', body]),
    url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
  };
  return {
    requests_per_second: Math.round(result.requests.average * 10) / 10,
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    requests: result.requests.total,
    non_2xx: result.non2xx,
  } satisfies LoadFigures;
}

/** The same bytes from a bare node:http server: what HTTP alone costs for a body this size. */
async function startReference(pdf: Buffer) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
    response.end(pdf);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function longSections(): Record<TIcMemoSection, string> {
  const base = realisticSections();
  return Object.fromEntries(
    IC_MEMO_SECTIONS.map((key) => [key, Array.from({ length: 10 }, () => base[key]).join('\n\n')]),
  ) as Record<TIcMemoSection, string>;
}

async function main() {
  const database = await createBenchDatabase();
  const app = await startApp(database);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { organizationId, token } = await registerOrganization(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/deals',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { company_name: 'Northwind Analytics', amount_requested: 5_000_000, stage: 'due_diligence' },
    });
    const dealId = (created.json() as { id: string }).id;
    const memos = {
      realistic: await insertMemo(database.handle.db, { organizationId, dealId, version: 1 }),
      long: await insertMemo(database.handle.db, {
        organizationId,
        dealId,
        version: 2,
        sections: longSections(),
        footnotes: realisticFootnotes(dealId),
      }),
    };

    const results: Record<string, unknown> = {};
    for (const [name, memoId] of Object.entries(memos)) {
      const url = `http://127.0.0.1:${port}/api/v1/ic-memos/${memoId}/export-pdf`;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const once = await fetch(url, { method: 'POST', headers, body: JSON.stringify(FLAGS) });
      const pdf = Buffer.from(await once.arrayBuffer());
      if (once.status !== 200)
        throw new Error(`${name}: ${once.status} ${pdf.toString('utf8').slice(0, 200)}`);

      // The layout alone, in this process: 30 renders after 3 to warm up.
      const memo = await findMemoForExport(database.handle.db, organizationId, memoId);
      if (!memo) throw new Error('memo not found');
      const times: number[] = [];
      for (let i = 0; i < 33; i += 1) {
        const start = performance.now();
        await renderIcMemoPdf(memo, FLAGS);
        if (i >= 3) times.push(performance.now() - start);
      }

      const reference = await startReference(pdf);
      try {
        results[name] = {
          pdf_bytes: pdf.length,
          render_in_process_ms: {
            p50: +percentile(times, 50).toFixed(1),
            p95: +percentile(times, 95).toFixed(1),
          },
          http_1_connection: await load(url, 1, headers, JSON.stringify(FLAGS)),
          http_4_connections: await load(url, 4, headers, JSON.stringify(FLAGS)),
          reference_same_bytes_4_connections: await load(reference.url, 4, {}),
        };
      } finally {
        await reference.close();
      }
    }
    console.log(JSON.stringify({ seconds: SECONDS, results }, null, 2));
    for (const [name, figures] of Object.entries(results) as [
      string,
      Record<string, LoadFigures & number>,
    ][]) {
      const one = figures.http_1_connection as unknown as LoadFigures;
      const four = figures.http_4_connections as unknown as LoadFigures;
      const ref = figures.reference_same_bytes_4_connections as unknown as LoadFigures;
      const render = figures.render_in_process_ms as unknown as { p50: number };
      console.log(
        `${name} memo (${figures.pdf_bytes} B): export p50 ${one.latency_p50_ms} ms, p99 ${one.latency_p99_ms} ms (1 connection, ${one.requests_per_second} req/s); ` +
          `4 connections ${four.requests_per_second} req/s, p99 ${four.latency_p99_ms} ms; render alone p50 ${render.p50} ms; ` +
          `node:http same bytes ${ref.requests_per_second} req/s`,
      );
    }
  } finally {
    await app.close();
    await database.drop();
  }
}

await main();
