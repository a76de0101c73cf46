/**
 * Benchmark: each assistant tool (runTool, in process) on an organisation of BENCH_DEALS deals
 * (default 10000), each on its own company, all scored, with emails linked to a tenth of the
 * companies. Every tool input is run BENCH_RUNS times (default 40) after two warm-up runs; p50 and
 * p95 per input. Reference in the same run: a primary-key lookup of one deal (the cheapest
 * statement a tool makes). Document search (knowledge search over chunks) is measured by
 * knowledge-search.ts; here it runs over the few passages of the seeded emails.
 *
 *     npx tsx bench/assistant-tools.ts               # PostgreSQL (BENCH_DATABASE_URL)
 */
import { knowledgeInteractionCompanies, knowledgeInteractions } from '@atempo/db';
import { sql } from 'drizzle-orm';
import type { ToolContext } from '../apps/server/src/modules/assistant/index.ts';
import { runTool } from '../apps/server/src/modules/assistant/index.ts';
import { rescoreOrganization } from '../apps/server/src/modules/scoring/index.ts';
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

const DEALS = envInt('BENCH_DEALS', 10_000);
const RUNS = envInt('BENCH_RUNS', 40);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function timed(runs: number, work: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    times.push(ms(start));
  }
  times.sort((x, y) => x - y);
  return {
    p50: Math.round(percentile(times, 0.5) * 100) / 100,
    p95: Math.round(percentile(times, 0.95) * 100) / 100,
  };
}

async function main() {
  const database = await createBenchDatabase();
  const app = await startApp(database);
  try {
    const { db } = database.handle;
    const { organizationId, userId } = await registerOrganization(app);
    const random = rng(7);
    const seedStart = process.hrtime.bigint();
    const companyRows = Array.from({ length: DEALS }, (_, i) => fakeCompany(organizationId, i, random));
    companyRows[0] = { ...companyRows[0]!, name: 'Acme Ltd' };
    companyRows[1] = { ...companyRows[1]!, name: 'Café Santé SAS' };
    const companyIds = await insertCompanies(database.handle, companyRows);
    await insertDeals(
      database.handle,
      companyRows.map((company, i) =>
        fakeDeal(organizationId, companyIds[i]!, company, i + 1, userId, random),
      ),
    );
    await db.execute(
      sql`insert into deal_number_counters (organization_id, last_number) values (${organizationId}, ${DEALS})`,
    );
    await rescoreOrganization(db, organizationId);
    for (let start = 0; start < companyIds.length; start += 10 * 500) {
      const linked = companyIds.slice(start, start + 10 * 500).filter((_, i) => i % 10 === 0);
      const emails = await db
        .insert(knowledgeInteractions)
        .values(
          linked.map((_, i) => ({
            organizationId,
            kind: 'email',
            subject: `Quarterly update ${start + i}`,
            body: 'Monthly net burn fell and the covenant reset was agreed with the lenders.',
            sender: 'cfo@example.com',
            occurredAt: new Date(Date.now() - random() * 200 * 86_400_000),
          })),
        )
        .returning({ id: knowledgeInteractions.id });
      await db.insert(knowledgeInteractionCompanies).values(
        emails.map((email, i) => ({
          interactionId: email.id,
          companyId: linked[i]!,
          organizationId,
          matchedBy: 'named',
        })),
      );
    }
    await db.execute(sql`analyze`);
    const seedMs = ms(seedStart);

    const context: ToolContext = { db, organizationId, userId, now: new Date() };
    const [someDeal] = (
      (await db.execute(
        sql`select id from deals where organization_id = ${organizationId} and deal_number = 1`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const dealId = someDeal!.id;
    const inputs: [string, unknown][] = [
      ['search_companies', { query: 'acme' }],
      ['search_companies', { query: 'cafe sante' }],
      ['search_companies', { query: 'software finance' }],
      ['search_companies', { query: '', sector: 'fintech', country: 'germany' }],
      ['search_companies', { rank_by: 'revenue_growth', limit: 5 }],
      ['search_companies', { rank_by: 'gross_margin', order: 'asc', sector: 'fintech', limit: 5 }],
      ['search_companies', { not_contacted_for_days: 60, limit: 25 }],
      ['get_deal_details', { company_name: 'Acme' }],
      ['get_deal_details', { deal_id: dealId }],
      ['analyse_portfolio', { group_by: 'stage' }],
      ['analyse_portfolio', { group_by: 'sector' }],
      ['analyse_portfolio', { group_by: 'red_flag_level', stages: ['due_diligence', 'ic_review'] }],
      ['analyse_portfolio', { group_by: 'funding_stage', funding_stages: ['Series B', 'Series C'] }],
      ['analyse_portfolio', { group_by: 'funding_stage' }],
      ['get_financial_metrics', { company_name: 'Acme' }],
      ['search_documents', { query: 'covenant reset' }],
      ['get_market_intelligence', {}],
      ['calculate_metrics', { calculation: 'runway', company_name: 'Acme' }],
      ['calculate_metrics', { calculation: 'facility_sizing', deal_id: dealId }],
      ['get_red_flags', { stages: ['due_diligence'], min_severity: 'critical' }],
      ['get_red_flags', {}],
      ['get_red_flags', { company_name: 'Acme' }],
    ];
    const reference = await timed(RUNS, () =>
      db.execute(sql`select * from deals where id = ${dealId} and organization_id = ${organizationId}`),
    );
    const results: Record<string, { p50: number; p95: number }> = {};
    for (const [name, input] of inputs) {
      results[`${name} ${JSON.stringify(input)}`] = await timed(RUNS, () => runTool(context, name, input));
    }
    const worst = Object.entries(results).sort((x, y) => y[1].p95 - x[1].p95)[0]!;
    console.log(
      JSON.stringify(
        {
          deals: DEALS,
          runs: RUNS,
          seed_ms: Math.round(seedMs),
          reference_pk_lookup: reference,
          tools: results,
        },
        null,
        2,
      ),
    );
    console.log(
      `assistant tools over ${DEALS} deals: slowest p95 ${worst[1].p95} ms (${worst[0]}); reference pk lookup p50 ${reference.p50} ms`,
    );
  } finally {
    await app.close();
    await database.drop();
  }
}

await main();
