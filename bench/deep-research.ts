/**
 * Benchmark: the research engine's deep search (decision 029) over one organisation with N
 * companies and M funding announcements (BENCH_COMPANIES, default 10000; BENCH_ANNOUNCEMENTS,
 * default 50000). For a filtered question ("Series B fintech in the UK") and a broad one
 * ("software"), each of the four sources is searched as the deep_research workflow does
 * (searchSource: candidates read, filtered by region and stage, ranked), K times (BENCH_RUNS, 20).
 * Reference in the same run: reading the newest 500 announcements of the organisation, which is
 * the floor any search over them pays.
 *
 *   npx tsx bench/deep-research.ts
 *   BENCH_COMPANIES=2000 BENCH_ANNOUNCEMENTS=10000 npx tsx bench/deep-research.ts
 */
import { randomUUID } from 'node:crypto';
import { fundingAnnouncements } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { DEEP_SOURCES, parseResearchQuery, searchSource } from '../apps/server/src/modules/research/index.ts';
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

const COMPANIES = envInt('BENCH_COMPANIES', 10_000);
const ANNOUNCEMENTS = envInt('BENCH_ANNOUNCEMENTS', 50_000);
const RUNS = envInt('BENCH_RUNS', 20);
const SECTORS = ['Fintech', 'B2B SaaS', 'Healthtech', 'Climate Tech', 'Marketplaces', 'Deeptech'];
const PLACES: [string, string][] = [
  ['UK', 'United Kingdom'],
  ['Europe', 'Germany'],
  ['Europe', 'France'],
  ['US', 'United States'],
  ['Asia', 'Singapore'],
];
const STAGES = ['Seed', 'Series A', 'Series B', 'Series C', 'Series D+'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};
const round = (value: number) => Math.round(value * 10) / 10;

const database = await createBenchDatabase();
try {
  const app = await startApp(database);
  const { organizationId } = await registerOrganization(app);
  await app.close();
  const { handle } = database;
  const random = rng(29);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  for (let start = 0; start < COMPANIES; start += 10_000) {
    const count = Math.min(10_000, COMPANIES - start);
    await insertCompanies(
      handle,
      Array.from({ length: count }, (_, i) => fakeCompany(organizationId, start + i, random)),
    );
  }
  const now = Date.now();
  for (let start = 0; start < ANNOUNCEMENTS; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, ANNOUNCEMENTS - start) }, (_, i) => {
      const [region, country] = pick(PLACES);
      const sector = pick(SECTORS);
      const stage = pick(STAGES);
      const name = `Startup ${(start + i).toString().padStart(7, '0')}`;
      const amount = Math.round(random() * 80_000_000);
      return {
        organizationId,
        companyName: name,
        title: `${name} raises €${Math.round(amount / 1e6)}M ${stage} for its ${sector.toLowerCase()} platform`,
        summary: `${name}, a ${sector} company from ${country}, raised a ${stage} round.`,
        amountRaised: amount,
        currency: 'EUR',
        amountEur: amount,
        stage,
        region,
        country,
        sector,
        announcedAt: new Date(now - Math.floor(random() * 365) * 86_400_000),
        confidenceScore: Math.round((0.4 + random() * 0.6) * 100) / 100,
        sourceName: 'Bench feed',
        sourceUrl: `https://news.example/${start + i}`,
        dedupKey: randomUUID(),
      };
    });
    await handle.db.insert(fundingAnnouncements).values(rows);
  }
  await handle.executeSql('vacuum analyze companies');
  await handle.executeSql('vacuum analyze funding_announcements');

  const reference: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    await handle.db.execute(
      sql`select * from funding_announcements where organization_id = ${organizationId}
        order by announced_at desc, id limit 500`,
    );
    reference.push(ms(start));
  }

  type Timing = { p50: number; p95: number; hits: number };
  const results: Record<string, Record<string, Timing>> = {};
  for (const question of ['Series B fintech in the UK', 'software']) {
    const query = parseResearchQuery(question);
    const times: Record<string, number[]> = { all_sources: [] };
    const hits: Record<string, number> = { all_sources: 0 };
    for (let run = 0; run < RUNS; run++) {
      const whole = process.hrtime.bigint();
      let found = 0;
      for (const source of DEEP_SOURCES) {
        const start = process.hrtime.bigint();
        const answer = await searchSource(handle.db, organizationId, source, query, new Date());
        times[source] = [...(times[source] ?? []), ms(start)];
        hits[source] = answer.length;
        found += answer.length;
      }
      times.all_sources!.push(ms(whole));
      hits.all_sources = found;
    }
    results[question] = Object.fromEntries(
      Object.entries(times).map(([source, values]) => [
        source,
        {
          p50: round(percentile(values, 0.5)),
          p95: round(percentile(values, 0.95)),
          hits: hits[source] ?? 0,
        },
      ]),
    );
  }
  const referenceP50 = round(percentile(reference, 0.5));
  console.log(
    JSON.stringify(
      {
        companies: COMPANIES,
        announcements: ANNOUNCEMENTS,
        runs: RUNS,
        reference_p50_ms: referenceP50,
        results,
      },
      null,
      2,
    ),
  );
  const filtered = results['Series B fintech in the UK']!.all_sources!;
  console.log(
    `deep research over ${COMPANIES} companies and ${ANNOUNCEMENTS} announcements: filtered question p50 ${filtered.p50} ms, p95 ${filtered.p95} ms (reference: newest 500 announcements ${referenceP50} ms)`,
  );
} finally {
  await database.drop();
}
