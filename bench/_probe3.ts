import { compileThesis } from '@atempo/scoring';
import { DEFAULT_THESIS } from '@atempo/contracts';
import * as repo from '../apps/server/src/modules/scoring/scoring.repository.ts';
import { scoreCompanyColumns } from '../apps/server/src/modules/scoring/company-scores.ts';
import { createBenchDatabase, fakeCompany, insertCompanies, ms, registerOrganization, rng, startApp } from './common.ts';
const N = 20000, PAGE = Number(process.env.P ?? 500);
const database = await createBenchDatabase();
try {
  const app = await startApp(database);
  const { organizationId } = await registerOrganization(app);
  await app.close();
  const { handle } = database;
  const random = rng(1);
  await insertCompanies(handle, Array.from({ length: N }, (_, i) => fakeCompany(organizationId, i, random)), 1000);
  await handle.executeSql('vacuum analyze companies');
  const other = { ...DEFAULT_THESIS, target_stages: ['Seed'] as typeof DEFAULT_THESIS.target_stages, primary_markets: { Germany: 0.5 } };
  let flip = false;
  for (const [lock, dropGin] of [[true, false], [true, false], [true, true], [true, true]] as const) {
    if (dropGin) await handle.executeSql('drop index if exists companies_name_trgm_idx');
    flip = !flip;
    const t = { read: 0, score: 0, write: 0, commit: 0 };
    const c = compileThesis(flip ? other : DEFAULT_THESIS);
    const now = new Date();
    let afterId: string | null = null;
    const all = process.hrtime.bigint();
    for (;;) {
      const n = await handle.db.transaction(async (tx) => {
        let s = process.hrtime.bigint();
        const rows = lock ? await repo.companiesPageToScore(tx, organizationId, afterId, PAGE) : await repo.companiesPageToScore(handle.db, organizationId, afterId, PAGE);
        t.read += ms(s); s = process.hrtime.bigint();
        const scored = rows.map((row) => { const { lastScoredAt: _x, ...scores } = scoreCompanyColumns(row, c, now); return { id: row.id, scores }; });
        t.score += ms(s); s = process.hrtime.bigint();
        await repo.writeCompanyScores(tx, organizationId, now, scored);
        t.write += ms(s);
        afterId = rows.at(-1)?.id ?? null;
        return rows.length;
      });
      if (n < PAGE) break;
    }
    console.log(dropGin ? 'no-gin' : 'gin', Math.round(ms(all)), JSON.stringify(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)]))));
  }
} finally { await database.drop(); }
