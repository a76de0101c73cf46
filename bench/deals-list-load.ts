/**
 * Load benchmark: GET /api/v1/deals?limit=50 on the real app (buildApp, PostgreSQL) with an org of
 * BENCH_DEALS deals (default 10000), each on its own company, all scored by rescoreOrganization.
 * Reference in the same run: GET /health with the same autocannon settings.
 *
 *   npx tsx bench/deals-list-load.ts
 *   BENCH_DEALS=2000 BENCH_SECONDS=3 npx tsx bench/deals-list-load.ts
 */

import { dealNumberCounters } from '@atempo/db';
import autocannon from 'autocannon';
import { rescoreOrganization } from '../apps/server/src/modules/scoring/rescore.service.ts';
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
const SECONDS = envInt('BENCH_SECONDS', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 10);

interface LoadFigures {
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

async function load(url: string, token?: string): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

const database = await createBenchDatabase();
try {
  const app = await startApp(database);
  try {
    const { organizationId, userId, token } = await registerOrganization(app);
    const { handle } = database;

    const seedStart = process.hrtime.bigint();
    const random = rng(7);
    const companyRows = Array.from({ length: DEALS }, (_, i) => fakeCompany(organizationId, i, random));
    const companyIds = await insertCompanies(handle, companyRows);
    const dealRows = companyRows.map((company, i) =>
      fakeDeal(organizationId, companyIds[i]!, company, i + 1, userId, random),
    );
    await insertDeals(handle, dealRows);
    await handle.db.insert(dealNumberCounters).values({ organizationId, lastNumber: DEALS });
    const seedMs = ms(seedStart);

    const scoreStart = process.hrtime.bigint();
    const scored = await rescoreOrganization(handle.db, organizationId);
    const scoreMs = ms(scoreStart);
    await handle.executeSql('vacuum analyze companies');
    await handle.executeSql('vacuum analyze deals');

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const dealsUrl = `${address}/api/v1/deals?limit=50`;
    const probe = await fetch(dealsUrl, { headers: { authorization: `Bearer ${token}` } });
    const probeBody = (await probe.json()) as { deals?: unknown[]; total?: number };
    if (probe.status !== 200) throw new Error(`deals probe: ${probe.status} ${JSON.stringify(probeBody)}`);
    const healthProbe = await fetch(`${address}/health`);
    if (healthProbe.status !== 200) throw new Error(`health probe: ${healthProbe.status}`);
    await healthProbe.arrayBuffer();

    const health = await load(`${address}/health`);
    const list = await load(dealsUrl, token);

    const summary = {
      benchmark: 'deals-list-load',
      deals: DEALS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      seed_ms: Math.round(seedMs),
      score_ms: Math.round(scoreMs),
      scored,
      items_per_page: probeBody.deals?.length,
      total: probeBody.total,
      deals_list: list,
      health,
      ratio_rps_list_to_health:
        Math.round((list.requests_per_second / health.requests_per_second) * 1000) / 1000,
      // autocannon reports whole milliseconds, so a 0 ms health p50 gives no ratio.
      ratio_p50_list_to_health:
        health.latency_p50_ms > 0
          ? Math.round((list.latency_p50_ms / health.latency_p50_ms) * 100) / 100
          : null,
    };
    console.log(JSON.stringify(summary, null, 2));
    console.log(
      `deals-list-load: GET /api/v1/deals?limit=50 over ${DEALS} deals: ${list.requests_per_second} req/s, ` +
        `p50 ${list.latency_p50_ms} ms, p99 ${list.latency_p99_ms} ms; /health ${health.requests_per_second} req/s, ` +
        `p50 ${health.latency_p50_ms} ms, p99 ${health.latency_p99_ms} ms — list is ${summary.ratio_rps_list_to_health}× health's throughput`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.drop();
}
