/**
 * Benchmark: rescoreOrganization over N companies of one organisation (BENCH_COMPANIES, default
 * 100000), against a reference in the same run: reading the same N rows (select *) in keyset
 * pages of the same batch size the rescore uses (200, BENCH_PAGE).
 *
 *   npx tsx bench/score-all.ts
 *   BENCH_COMPANIES=20000 npx tsx bench/score-all.ts
 */
import { companies } from '@atempo/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import { rescoreOrganization } from '../apps/server/src/modules/scoring/rescore.service.ts';
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
const PAGE = envInt('BENCH_PAGE', 200);
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
  const result = await rescoreOrganization(handle.db, organizationId);
  const rescoreMs = ms(rescoreStart);

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
    rescored_companies: result.companies,
    scored_rows: scored.rows[0]?.n,
    companies_per_second: Math.round((result.companies / rescoreMs) * 1000),
    ratio_rescore_to_reference: Math.round((rescoreMs / referenceMs) * 100) / 100,
    page_size: PAGE,
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log(
    `score-all: rescored ${result.companies} companies in ${(rescoreMs / 1000).toFixed(2)} s ` +
      `(${summary.companies_per_second}/s); reading them took ${(referenceMs / 1000).toFixed(2)} s ` +
      `— rescore is ${summary.ratio_rescore_to_reference}× the read`,
  );
} finally {
  await database.drop();
}
