/**
 * What the model path of Ask Anything costs on top of the model itself: POST /llm-chat/query and
 * /llm-chat/query/stream answered by a model that calls one tool (get_deal_details) and then
 * answers, against the local OpenAI-protocol server of the tests (which answers at once, so the
 * time measured is ours: the AI SDK loop, two HTTP exchanges, the tool, the figure check). In the
 * same run: the built-in analyst on the same question, and the tool called directly (reference).
 *
 *   npx tsx bench/model-chat-overhead.ts            # BENCH_QUESTIONS=100, BENCH_DEALS=1000
 */
import { buildApp } from '../apps/server/src/app.ts';
import { runTool } from '../apps/server/src/modules/assistant/index.ts';
import { startFakeModelServer } from '../apps/server/src/test/fakes/fake-model-server.ts';
import {
  benchConfig,
  createBenchDatabase,
  envInt,
  fakeCompany,
  fakeDeal,
  insertCompanies,
  insertDeals,
  ms,
  registerOrganization,
  rng,
} from './common.ts';

const QUESTIONS = envInt('BENCH_QUESTIONS', 100);
const DEALS = envInt('BENCH_DEALS', 1000);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const summary = (values: number[]) => ({
  p50_ms: Number(percentile(values, 50).toFixed(2)),
  p95_ms: Number(percentile(values, 95).toFixed(2)),
});

const database = await createBenchDatabase();
const fake = await startFakeModelServer('openai');
const assistant = { chatRateLimit: { questions: 1_000_000, windowMs: 60_000 } };
const base = benchConfig(database.url);
const modelApp = await buildApp({
  config: {
    ...base,
    llm: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: undefined, model: 'bench', timeoutMs: 10_000 },
  },
  database: database.handle,
  assistant,
});
const builtInApp = await buildApp({ config: base, database: database.handle, assistant });
await modelApp.ready();
await builtInApp.ready();

try {
  const org = await registerOrganization(modelApp);
  const random = rng(7);
  const companyRows = Array.from({ length: DEALS }, (_, index) =>
    fakeCompany(org.organizationId, index, random),
  );
  const companyIds = await insertCompanies(database.handle, companyRows);
  await insertDeals(
    database.handle,
    companyRows.map((company, index) =>
      fakeDeal(org.organizationId, companyIds[index]!, company, index + 1, org.userId, random),
    ),
  );
  const name = companyRows[0]!.name;
  const query = `What is the status of the ${name} deal?`;
  const headers = { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' };
  const payload = JSON.stringify({ query });
  const scriptModel = () =>
    fake.script({ toolCalls: [{ name: 'get_deal_details', input: { company_name: name } }] }, (request) => {
      const messages = request.body.messages as { role: string; content: string }[];
      const result = JSON.parse(messages.at(-1)!.content) as { deal: { amount_requested: number } | null };
      return {
        text: `${name} asks for €${result.deal?.amount_requested.toLocaleString('en-GB') ?? 'nothing'}.`,
      };
    });

  const measure = async (run: () => Promise<void>) => {
    for (let i = 0; i < 5; i++) await run(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < QUESTIONS; i++) {
      const started = process.hrtime.bigint();
      await run();
      times.push(ms(started));
    }
    return summary(times);
  };
  const inject = async (app: typeof modelApp, url: string, model: boolean) => {
    if (model) scriptModel();
    const response = await app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  };

  const context = {
    db: database.handle.db,
    organizationId: org.organizationId,
    userId: org.userId,
    now: new Date(),
  };
  const results = {
    questions: QUESTIONS,
    deals: DEALS,
    tool_direct: await measure(async () => {
      await runTool(context, 'get_deal_details', { company_name: name });
    }),
    built_in_query: await measure(() => inject(builtInApp, '/api/v1/llm-chat/query', false)),
    model_query: await measure(() => inject(modelApp, '/api/v1/llm-chat/query', true)),
    model_stream: await measure(() => inject(modelApp, '/api/v1/llm-chat/query/stream', true)),
  };
  console.log(JSON.stringify(results, null, 2));
  console.log(
    `model answer (1 tool call, instant fake model) p50 ${results.model_query.p50_ms} ms / stream ${results.model_stream.p50_ms} ms; built-in ${results.built_in_query.p50_ms} ms; tool alone ${results.tool_direct.p50_ms} ms (under load)`,
  );
} finally {
  await modelApp.close();
  await builtInApp.close();
  await fake.close();
  await database.drop();
}
