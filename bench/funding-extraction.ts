/**
 * Funding news (decision 032): extraction throughput and the Live Funding Signals listing.
 *
 * 1. Extraction: `extractFundingRound` over the test set's headlines and summaries (91 articles,
 *    rounds and non-rounds), BENCH_ARTICLES in all, articles per second. Reference in the same run:
 *    the analyst's `findAmounts` alone over the same texts (the amount scan extraction builds on).
 * 2. Listing: BENCH_ANNOUNCEMENTS announcements (100,000) of one organisation, all in the last 30
 *    days (every one counts towards the total: the count's worst case), seeded in one
 *    `insert … select … from generate_series`. GET /api/v1/intelligence/funding-announcements
 *    (days=30, limit=50) on the real app listening on a loopback port, from a separate load-generator
 *    process (bench/funding-listing-client.ts), rotating pages as people page: mostly the first
 *    pages, some deep ones (page 2,000 is the last). Reference in the same run and the same kind of
 *    process: the page and count statements as raw SQL with node-postgres.
 *
 *   npx tsx bench/funding-extraction.ts
 *   BENCH_ANNOUNCEMENTS=20000 BENCH_REQUESTS=300 npx tsx bench/funding-extraction.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findAmounts } from '../packages/documents/src/analyst/amounts.ts';
import { extractFundingRound } from '../packages/documents/src/funding-news/extract.ts';
import {
  FUNDING_HEADLINES,
  NOT_FUNDING_HEADLINES,
} from '../packages/documents/src/funding-news/headlines.fixtures.ts';
import { createBenchDatabase, envInt, ms, registerOrganization, startApp } from './common.ts';

const ARTICLES = envInt('BENCH_ARTICLES', 50_000);
const ANNOUNCEMENTS = envInt('BENCH_ANNOUNCEMENTS', 100_000);
const REQUESTS = envInt('BENCH_REQUESTS', 600);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 4);
const CLIENT = fileURLToPath(new URL('./funding-listing-client.ts', import.meta.url));
/** Pages requested in turn: first pages most, the middle and the end sometimes. */
const PAGES = [1, 1, 1, 1, 2, 2, 3, 5, 10, 50, 500, 2000];

interface Measured {
  requests: number;
  seconds: number;
  latencies: number[];
}

function summary(run: Measured) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) * 100) / 100;
  return {
    requests: sorted.length,
    requests_per_second: Math.round(sorted.length / run.seconds),
    p50_ms: at(50),
    p95_ms: at(95),
    p99_ms: at(99),
    max_ms: at(100),
  };
}

function client(plan: object): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLIENT], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exited ${code}`)),
    );
    child.stdin.end(JSON.stringify(plan));
  });
}

function extractionThroughput() {
  const inputs = [...FUNDING_HEADLINES, ...NOT_FUNDING_HEADLINES].map((c) => ({
    title: c.title,
    summary: c.summary,
    source: 'bench',
    published_at: '2026-03-01T00:00:00Z',
  }));
  const now = new Date('2026-03-02T00:00:00Z');
  // warm up the regular expressions and the JIT
  for (let i = 0; i < 2_000; i++) extractFundingRound(inputs[i % inputs.length]!, { now });
  let start = process.hrtime.bigint();
  let rounds = 0;
  for (let i = 0; i < ARTICLES; i++) {
    if (extractFundingRound(inputs[i % inputs.length]!, { now }).kind === 'round') rounds++;
  }
  const extractMs = ms(start);
  start = process.hrtime.bigint();
  let amounts = 0;
  for (let i = 0; i < ARTICLES; i++) {
    const input = inputs[i % inputs.length]!;
    amounts += findAmounts(`${input.title}. ${input.summary ?? ''}`).length;
  }
  const scanMs = ms(start);
  return {
    articles: ARTICLES,
    rounds,
    articles_per_second: Math.round(ARTICLES / (extractMs / 1000)),
    reference_amount_scan_per_second: Math.round(ARTICLES / (scanMs / 1000)),
    amounts_found: amounts,
    ratio_to_reference: Math.round((extractMs / scanMs) * 100) / 100,
  };
}

const COLUMNS = `id, organization_id, company_name, company_id, title, summary, amount_raised, currency, amount_eur,
  stage, investors, region, country, sector, announced_at, confidence_score, source_name, source_url, sources,
  extraction_metadata, dedup_key, created_at, updated_at`;

async function listing() {
  const database = await createBenchDatabase();
  const app = await startApp(database);
  try {
    const { organizationId, token } = await registerOrganization(app);
    const seedStart = process.hrtime.bigint();
    await database.handle.executeSql(`
      insert into funding_announcements (organization_id, company_name, title, amount_raised, currency, amount_eur,
        stage, investors, region, country, sector, announced_at, confidence_score, source_name, source_url,
        sources, extraction_metadata, dedup_key)
      select '${organizationId}', 'Company ' || g, 'Company ' || g || ' raises €' || (g % 90 + 1) || 'm',
        (g % 90 + 1) * 1000000, 'EUR', (g % 90 + 1) * 1000000,
        (array['Seed','Series A','Series B','Series C','Series D+'])[g % 5 + 1],
        jsonb_build_array('Fund ' || (g % 50)), 'Europe', 'Germany',
        (array['fintech','climate_tech','healthtech','b2b_saas','other'])[g % 5 + 1],
        now() - (g % 2592000) * interval '1 second' - interval '1 minute', 0.5 + (g % 50) / 100.0, 'EU-Startups',
        'https://eu-startups.example/' || g,
        jsonb_build_array(jsonb_build_object('name', 'EU-Startups', 'url', 'https://eu-startups.example/' || g, 'published_at', null)),
        jsonb_build_object('investors', jsonb_build_array('Fund ' || (g % 50)), 'lead_investor', 'Fund ' || (g % 50)),
        'company ' || g || '|seed|0'
      from generate_series(1, ${ANNOUNCEMENTS}) g`);
    await database.handle.executeSql('vacuum analyze funding_announcements');
    const seedMs = ms(seedStart);

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const urls = PAGES.map(
      (page) => `${address}/api/v1/intelligence/funding-announcements?days=30&limit=50&page=${page}`,
    );
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const statements = PAGES.map((page) => [
      {
        sql: `select ${COLUMNS} from funding_announcements where organization_id = $1 and announced_at >= $2
              order by announced_at desc nulls last, id asc limit $3 offset $4`,
        params: [organizationId, since, 50, (page - 1) * 50],
      },
      {
        sql: 'select count(*) from funding_announcements where organization_id = $1 and announced_at >= $2',
        params: [organizationId, since],
      },
    ]);
    if (process.env.BENCH_EXPLAIN) {
      for (const [i, statement] of [
        statements[0]![0]!,
        statements[0]![1]!,
        statements[PAGES.length - 1]![0]!,
      ].entries()) {
        const plan = await database.handle.executeSql(
          `explain (analyze, buffers) ${statement.sql}`,
          statement.params,
        );
        console.error(`-- statement ${i}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
      }
    }
    const warmup = Math.min(120, REQUESTS);
    // HTTP, raw SQL, then HTTP again: a change in the machine's load shows as two different HTTP runs.
    const http1 = await client({
      mode: 'http',
      connections: CONNECTIONS,
      requests: REQUESTS,
      warmup,
      urls,
      token,
    });
    const sql = await client({
      mode: 'sql',
      connections: CONNECTIONS,
      requests: REQUESTS,
      warmup,
      databaseUrl: database.url,
      statements,
    });
    const http2 = await client({
      mode: 'http',
      connections: CONNECTIONS,
      requests: REQUESTS,
      warmup,
      urls,
      token,
    });
    return {
      announcements: ANNOUNCEMENTS,
      seed_ms: Math.round(seedMs),
      connections: CONNECTIONS,
      pages: PAGES,
      http: summary({
        requests: 0,
        seconds: http1.seconds + http2.seconds,
        latencies: [...http1.latencies, ...http2.latencies],
      }),
      raw_sql: summary(sql),
    };
  } finally {
    await app.close();
    await database.drop();
  }
}

const extraction = extractionThroughput();
const list = await listing();
console.log(JSON.stringify({ extraction, listing: list }, null, 2));
console.log(
  `extraction ${extraction.articles_per_second} articles/s (amount scan alone ${extraction.reference_amount_scan_per_second}/s); ` +
    `listing over ${list.announcements} announcements: HTTP p95 ${list.http.p95_ms} ms, raw SQL p95 ${list.raw_sql.p95_ms} ms`,
);
