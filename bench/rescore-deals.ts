/**
 * Benchmark: rescoreDeals over N deals of one organisation (BENCH_DEALS, default 50000), each page
 * one UPDATE whose CTEs also log score changes to deal_activity (decision 017). Three runs: deals
 * never scored (every row written, every row logged), nothing changed (none written or logged),
 * and after a thesis change (the rows whose score or red-flag level moved are logged). Reference
 * in the same run: reading the same rows in keyset pages of the rescore's size.
 *
 *   npx tsx bench/rescore-deals.ts
 *   BENCH_DEALS=20000 npx tsx bench/rescore-deals.ts
 */
import { DEFAULT_THESIS } from '@atempo/contracts';
import { deals } from '@atempo/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import { RESCORE_PAGE, rescoreDeals } from '../apps/server/src/modules/scoring/index.ts';
import {
  createBenchDatabase,
  envInt,
  fakeCompany,
  fakeDeal,
  insertCompanies,
  insertDeals,
  ms,
  registerOrganization,
  rng,
  startApp,
} from './common.ts';

const N = envInt('BENCH_DEALS', 50_000);
const PAGE = envInt('BENCH_PAGE', RESCORE_PAGE);

const database = await createBenchDatabase();
try {
  const app = await startApp(database);
  const { organizationId, userId } = await registerOrganization(app);
  await app.close();
  const { handle } = database;

  const random = rng(7);
  for (let start = 0; start < N; start += 10_000) {
    const count = Math.min(10_000, N - start);
    const companies = Array.from({ length: count }, (_, i) => fakeCompany(organizationId, start + i, random));
    const ids = await insertCompanies(handle, companies);
    await insertDeals(
      handle,
      companies.map((company, i) =>
        fakeDeal(organizationId, ids[i]!, company, start + i + 1, userId, random),
      ),
    );
  }
  await handle.executeSql('vacuum analyze deals');

  const referenceStart = process.hrtime.bigint();
  let afterId: string | null = null;
  for (;;) {
    const conditions = [eq(deals.organizationId, organizationId)];
    if (afterId) conditions.push(gt(deals.id, afterId));
    const rows = await handle.db
      .select()
      .from(deals)
      .where(and(...conditions))
      .orderBy(asc(deals.id))
      .limit(PAGE);
    if (rows.length < PAGE) break;
    afterId = rows.at(-1)!.id;
  }
  const referenceMs = ms(referenceStart);

  const logged = async () =>
    (
      await handle.executeSql('select count(*)::int as n from deal_activity where organization_id = $1', [
        organizationId,
      ])
    ).rows[0] as { n: number };
  const run = async (label: string, thesis: typeof DEFAULT_THESIS) => {
    const before = (await logged()).n;
    const start = process.hrtime.bigint();
    const count = await rescoreDeals(handle.db, organizationId, thesis, { now: new Date(), pageSize: PAGE });
    const took = ms(start);
    return {
      run: label,
      ms: Math.round(took),
      scored: count.scored,
      written: count.changed,
      logged: (await logged()).n - before,
    };
  };
  const runs = [
    await run('never scored', DEFAULT_THESIS),
    await run('nothing changed', DEFAULT_THESIS),
    await run('thesis changed', { ...DEFAULT_THESIS, deal_size_range: [10_000_000, 40_000_000] }),
  ];
  console.log(
    JSON.stringify(
      {
        benchmark: 'rescore-deals',
        deals: N,
        page_size: PAGE,
        reference_read_ms: Math.round(referenceMs),
        runs,
      },
      null,
      2,
    ),
  );
  console.log(
    `rescore-deals: ${runs.map((r) => `${r.run} ${(r.ms / 1000).toFixed(2)} s (${r.written} written, ${r.logged} logged)`).join('; ')}; reading them ${(referenceMs / 1000).toFixed(2)} s`,
  );
} finally {
  await database.drop();
}
