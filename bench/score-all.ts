/**
 * Benchmark: rescoreOrganization over N companies of one organisation (BENCH_COMPANIES, default
 * 100000), against a reference in the same run: reading the same N rows (select *) in keyset
 * pages of the same page size the rescore uses (RESCORE_PAGE, or BENCH_PAGE). Two rescores: the
 * first scores rows never scored (every row is written), the second finds nothing changed (every
 * row is scored, none written), as a daily refresh mostly does.
 *
 *   npx tsx bench/score-all.ts
 *   BENCH_COMPANIES=20000 npx tsx bench/score-all.ts
 */
import { companies } from '@atempo/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import { RESCORE_PAGE, rescoreOrganization } from '../apps/server/src/modules/scoring/index.ts';
import {
  createBenchDatabase,
  envInt,
  fakeCompany,
  insertCompanies,
  ms,
  registerOrganization,
  rng,
  startApp,
} from './common.ts';

const N = envInt('BENCH_COMPANIES', 100_000);
const PAGE = envInt('BENCH_PAGE', RESCORE_PAGE);
const INSERT_BATCH = envInt('BENCH_INSERT_BATCH', 1000);

const database = await createBenchDatabase();
try {
  const app = await startApp(database);
  const { organizationId } = await registerOrganization(app);
  // The app's job queue is not part of what is measured.
  await app.close();
  const { handle } = database;

  const random = rng(1);
  let seeded = 0;
  const seedStart = process.hrtime.bigint();
  // Generate and insert in chunks so 100k rows never sit in memory all at once.
  for (let start = 0; start < N; start += 10_000) {
    const count = Math.min(10_000, N - start);
    const rows = Array.from({ length: count }, (_, i) => fakeCompany(organizationId, start + i, random));
    seeded += (await insertCompanies(handle, rows, INSERT_BATCH)).length;
  }
  const seedMs = ms(seedStart);
  await handle.executeSql('vacuum analyze companies');

  // Reference: read every row, select *, keyset pages of PAGE (what the rescore reads, minus the work).
  const referenceStart = process.hrtime.bigint();
  let read = 0;
  let afterId: string | null = null;
  for (let guard = 0; guard <= N / PAGE + 1; guard++) {
    const conditions = [eq(companies.organizationId, organizationId)];
    if (afterId) conditions.push(gt(companies.id, afterId));
    const rows = await handle.db
      .select()
      .from(companies)
      .where(and(...conditions))
      .orderBy(asc(companies.id))
      .limit(PAGE);
    read += rows.length;
    if (rows.length < PAGE) break;
    afterId = rows.at(-1)!.id;
  }
  const referenceMs = ms(referenceStart);

  const rescoreStart = process.hrtime.bigint();
  let pages = 0;
  const result = await rescoreOrganization(handle.db, organizationId, {
    pageSize: PAGE,
    onProgress: () => {
      pages++;
    },
  });
  const rescoreMs = ms(rescoreStart);

  const unchangedStart = process.hrtime.bigint();
  const again = await rescoreOrganization(handle.db, organizationId, { pageSize: PAGE });
  const unchangedMs = ms(unchangedStart);

  const scored = await handle.executeSql(
    'select count(*)::int as n from companies where organization_id = $1 and last_scored_at is not null',
    [organizationId],
  );

  const summary = {
    benchmark: 'score-all',
    companies: N,
    seeded,
    seed_ms: Math.round(seedMs),
    reference_read_ms: Math.round(referenceMs),
    reference_rows: read,
    rescore_ms: Math.round(rescoreMs),
    rescored_companies: result.companies.scored,
    written_companies: result.companies.changed,
    progress_reports: pages,
    scored_rows: scored.rows[0]?.n,
    companies_per_second: Math.round((result.companies.scored / rescoreMs) * 1000),
    ratio_rescore_to_reference: Math.round((rescoreMs / referenceMs) * 100) / 100,
    unchanged_rescore_ms: Math.round(unchangedMs),
    unchanged_written_companies: again.companies.changed,
    ratio_unchanged_to_reference: Math.round((unchangedMs / referenceMs) * 100) / 100,
    page_size: PAGE,
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log(
    `score-all: rescored ${result.companies.scored} companies in ${(rescoreMs / 1000).toFixed(2)} s ` +
      `(${summary.companies_per_second}/s); again with nothing changed ${(unchangedMs / 1000).toFixed(2)} s; ` +
      `reading them took ${(referenceMs / 1000).toFixed(2)} s — rescore is ` +
      `${summary.ratio_rescore_to_reference}× the read, unchanged ${summary.ratio_unchanged_to_reference}×`,
  );
} finally {
  await database.drop();
}
