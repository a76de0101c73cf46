import { once } from 'node:events';
import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { type TChatAnswer, TOOL_NAMES, ZChatAnswer, ZEngineStatus } from '@atempo/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from '../../test/fakes/fake-model-server.ts';
import { lastToolResult } from '../../test/fakes/requests.ts';
import { addMember } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { type AssistantOrganisation, seedAssistantOrganisation } from './assistant.fixtures.ts';
import { BUILT_IN_MODEL } from './built-in/analyst.ts';
import { CONFIDENCE } from './model/answer-check.ts';

const QUERY = '/api/v1/llm-chat/query';
const STREAM = '/api/v1/llm-chat/query/stream';
const ENGINE = '/api/v1/llm-chat/engine';
const retry = { defaultRetryWaitMs: 10 };

let openai: FakeModelServer;
let anthropic: FakeModelServer;
/** Seeded the organisation with the built-in analyst (documents are analysed without a model). */
let seeder: TestServer;
/** Answers with the fake OpenAI server, 1 s per model call. */
let server: TestServer;
let org: AssistantOrganisation;
const others: TestServer[] = [];

/** Another app on the same database, with other settings. */
async function serverWith(env: Record<string, string>, assistant = {}): Promise<TestServer> {
  const started = await startTestServer({
    database: seeder.database,
    env,
    assistant: { retry, ...assistant },
  });
  others.push(started);
  return started;
}

const openAiEnv = (baseUrl: string, timeoutMs = '1000') => ({
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: baseUrl,
  LLM_MODEL: 'analyst-1',
  LLM_TIMEOUT_MS: timeoutMs,
});

beforeAll(async () => {
  openai = await startFakeModelServer('openai');
  anthropic = await startFakeModelServer('anthropic');
  seeder = await startTestServer();
  org = await seedAssistantOrganisation(seeder.app);
  server = await serverWith(openAiEnv(openai.baseUrl));
}, 90_000);
afterAll(async () => {
  for (const other of others) await other.close();
  await seeder.close();
  await openai.close();
  await anthropic.close();
});
afterEach(() => {
  openai.requests.length = 0;
  anthropic.requests.length = 0;
  expect(openai.pending() + anthropic.pending(), 'every scripted reply was used').toBe(0);
});

const ask = (query: string, extra: Record<string, unknown> = {}, app = server.app, token = org.token) =>
  call<TChatAnswer>(app, 'POST', QUERY, { token, body: { query, include_context: true, ...extra } });

const dealTurn = { toolCalls: [{ name: 'get_deal_details', input: { company_name: 'Acme Ltd' } }] };
const fallbackNotice = (reason: string) =>
  `Answered by the built-in analyst: the configured OpenAI-compatible model (analyst-1) could not answer — ${reason}.`;

function expectBuiltInFallback(answer: TChatAnswer, reason: string) {
  expect(answer.engine).toEqual({ provider: 'built-in', model: BUILT_IN_MODEL });
  expect(answer.fallback_reason).toBe(reason);
  expect(answer.answer.endsWith(`\n\n${fallbackNotice(reason)}`)).toBe(true);
  expect(answer.tools_used).toBeGreaterThan(0);
  expect(answer.citations.length).toBeGreaterThan(0);
}

describe('POST /llm-chat/query with a configured model', () => {
  it('answers with every field of the chat answer, from the tool the model called', async () => {
    openai.script(dealTurn, (request) => {
      const { deal } = lastToolResult<{ deal: { amount_requested: number } }>('openai', request);
      return { text: `Acme Ltd asks for €${deal.amount_requested.toLocaleString('en-GB')}.` };
    });
    const history = [{ role: 'user', content: 'Which deals are in due diligence?' }];
    const response = await ask("How much does Acme's deal ask for?", { conversation_history: history });

    expect(response.status).toBe(200);
    const answer = ZChatAnswer.parse(response.body);
    expect(answer).toMatchObject({
      answer: 'Acme Ltd asks for €5,000,000.',
      confidence: CONFIDENCE.answeredFromTools,
      response_type: 'answer',
      agent_id: 'atempo-assistant',
      mcp_enabled: true,
      tools_used: 1,
      tool_names_used: ['get_deal_details'],
      tools_available: [...TOOL_NAMES],
      tools_selected: [...TOOL_NAMES],
      engine: { provider: 'openai-compatible', model: 'analyst-1' },
    });
    expect(answer.unsupported_figures).toBeUndefined();
    expect(answer.fallback_reason).toBeUndefined();
    expect(answer.processing_time).toBeGreaterThan(0);
    expect(answer.processing_time).toBeLessThan(10);
    expect(answer.citations.some((citation) => citation.target.id === org.deals.acme.id)).toBe(true);
    // The model saw the earlier question before this one.
    const messages = openai.requests[0]!.body.messages as { role: string; content: string }[];
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'Which deals are in due diligence?' },
      { role: 'user', content: "How much does Acme's deal ask for?" },
    ]);
  });

  it('refuses a blank question with 422 and asks no model', async () => {
    const response = await ask('   ');
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: 'Query: Ask a question' });
    expect(openai.requests).toHaveLength(0);
  });

  it('retries once after a 429 with Retry-After, then answers with the model', async () => {
    openai.script({ status: 429, retryAfter: '1' }, { text: 'The data does not hold that.' });
    const started = performance.now();
    const response = await ask('What is the weather in Paris?');
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(openai.requests).toHaveLength(2);
    expect(response.body.engine.provider).toBe('openai-compatible');
    expect(response.body.fallback_reason).toBeUndefined();
  });

  it('falls back to the built-in analyst after two 500s, and says so', async () => {
    openai.script({ status: 500 }, { status: 500 });
    const response = await ask('What is the total pipeline by stage?');
    expect(response.status).toBe(200);
    expect(openai.requests).toHaveLength(2);
    expectBuiltInFallback(ZChatAnswer.parse(response.body), 'the model server answered 500 twice');
  });

  it('falls back when the model does not answer within LLM_TIMEOUT_MS', async () => {
    openai.script({ hang: true });
    const response = await ask('What is the total pipeline by stage?');
    expect(openai.requests).toHaveLength(1);
    expectBuiltInFallback(response.body, 'the model server did not answer within 1 s');
  });

  it('falls back when the model server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await serverWith(openAiEnv(`http://127.0.0.1:${port}/v1`));
    const response = await ask('What is the total pipeline by stage?', {}, unreachable.app);
    expectBuiltInFallback(response.body, 'the model server could not be reached (ECONNREFUSED)');
  });

  it('flags a figure the model invented and lowers the confidence', async () => {
    openai.script(dealTurn, { text: 'Acme Ltd asks for €5,000,000 and burns €480,000 a month.' });
    const response = await ask("What is Acme's burn?");
    expect(response.body.unsupported_figures).toEqual(['€480,000']);
    expect(response.body.confidence).toBe(CONFIDENCE.unsupportedFigures);
    expect(response.body.answer).toContain('⚠ Unverified figures: €480,000.');
  });
});

/** Server-sent events of a text/event-stream body. */
function parseEvents(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

describe('POST /llm-chat/query/stream', () => {
  const stream = (query: string, app = server.app) =>
    app.inject({
      method: 'POST',
      url: STREAM,
      headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ query }),
    });

  it('sends status, the answer text as deltas, then the whole answer', async () => {
    openai.script(dealTurn, { text: 'Acme Ltd asks for €5,000,000 in due diligence.' });
    const response = await stream("How much does Acme's deal ask for?");
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['x-request-id']).toBeDefined();
    const events = parseEvents(response.body);
    expect(events[0]).toEqual({ event: 'status', data: { message: 'Reading the question…' } });
    expect(events).toContainEqual({ event: 'status', data: { message: 'Reading the deal…' } });
    const deltas = events.filter((event) => event.event === 'delta').map((event) => event.data.text);
    expect(deltas.join('')).toBe('Acme Ltd asks for €5,000,000 in due diligence.');
    expect(events.filter((event) => event.event === 'answer')).toHaveLength(1);
    expect(events.at(-1)?.event).toBe('answer');
    const answer = ZChatAnswer.parse(events.at(-1)?.data);
    expect(answer.answer).toBe('Acme Ltd asks for €5,000,000 in due diligence.');
    expect(answer.engine.provider).toBe('openai-compatible');
    expect(openai.requests.every((request) => request.body.stream === true)).toBe(true);
  });

  it('streams the fallback when the model fails', async () => {
    openai.script({ status: 503 }, { status: 502 });
    const events = parseEvents((await stream('What is the total pipeline by stage?')).body);
    expect(events).toContainEqual({
      event: 'status',
      data: { message: 'The model could not answer; the built-in analyst answers instead…' },
    });
    const answer = ZChatAnswer.parse(events.at(-1)?.data);
    expectBuiltInFallback(answer, 'the model server answered 503, then 502');
  });

  it('answers 422 as JSON for a blank question', async () => {
    const response = await stream('');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('stops asking the model when the client goes away', async () => {
    const patient = await serverWith(openAiEnv(openai.baseUrl, '30000'));
    const address = await patient.app.listen({ port: 0, host: '127.0.0.1' });
    openai.script({ hang: true });
    const client = request(`${address}${STREAM}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
    });
    client.end(JSON.stringify({ query: 'What is the total pipeline by stage?' }));
    const [response] = (await once(client, 'response')) as [IncomingMessage];
    const [first] = (await once(response, 'data')) as [Buffer];
    expect(first.toString()).toContain('event: status');
    // Wait until the model call is under way, then hang up.
    for (let i = 0; i < 100 && openai.requests.length === 0; i++) await setTimeout(20);
    client.destroy();
    for (let i = 0; i < 100 && openai.abandoned() === 0; i++) await setTimeout(20);
    expect(openai.abandoned()).toBe(1);
  });

  it('streams an Anthropic model too', async () => {
    const claude = await serverWith({
      LLM_PROVIDER: 'anthropic',
      LLM_BASE_URL: anthropic.baseUrl,
      LLM_API_KEY: 'sk-ant-test',
      LLM_MODEL: 'claude-test',
    });
    anthropic.script(dealTurn, (request) => {
      const { deal } = lastToolResult<{ deal: { stage: string } }>('anthropic', request);
      return { text: `Acme Ltd is in ${deal.stage === 'due_diligence' ? 'due diligence' : deal.stage}.` };
    });
    const events = parseEvents((await stream('Where is Acme?', claude.app)).body);
    const answer = ZChatAnswer.parse(events.at(-1)?.data);
    expect(answer).toMatchObject({
      answer: 'Acme Ltd is in due diligence.',
      engine: { provider: 'anthropic', model: 'claude-test' },
      tool_names_used: ['get_deal_details'],
    });
    expect(anthropic.requests[0]!.headers['x-api-key']).toBe('sk-ant-test');
  });
});

describe('GET /llm-chat/engine', () => {
  it('shows admins the configured model and its address; members get 403', async () => {
    const response = await call(server.app, 'GET', ENGINE, { token: org.token });
    expect(response.status).toBe(200);
    expect(ZEngineStatus.parse(response.body)).toEqual({
      engine: { provider: 'openai-compatible', model: 'analyst-1' },
      configured: true,
      base_url: openai.baseUrl,
      tools_available: [...TOOL_NAMES],
      mcp: { enabled: true, port: 8080, path: '/mcp' },
    });
    const member = await addMember(server.app, org.admin);
    const forbidden = await call(server.app, 'GET', ENGINE, { token: member.access_token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    expect((await call(server.app, 'GET', ENGINE)).status).toBe(401);
  });
});

describe('without a model', () => {
  it('answers with the built-in analyst and shows it as the engine', async () => {
    const builtIn = await serverWith({ MCP_PORT: '0' });
    const first = await ask('What is the total pipeline by stage?', {}, builtIn.app);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      engine: { provider: 'built-in', model: BUILT_IN_MODEL },
      mcp_enabled: false,
    });
    expect(first.body.fallback_reason).toBeUndefined();
    const status = await call(builtIn.app, 'GET', ENGINE, { token: org.token });
    expect(status.body).toEqual({
      engine: { provider: 'built-in', model: BUILT_IN_MODEL },
      configured: false,
      base_url: null,
      tools_available: [...TOOL_NAMES],
      mcp: { enabled: false, port: null, path: '/mcp' },
    });
    expect(openai.requests).toHaveLength(0);
  });
});

describe('the chat limit', () => {
  /** A model server nobody listens on: questions count as the model's, the built-in analyst answers. */
  async function unreachableModelEnv(): Promise<Record<string, string>> {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    return openAiEnv(`http://127.0.0.1:${port}/v1`);
  }

  function expectLimited(response: Awaited<ReturnType<typeof ask>>, allowed: number) {
    expect(response.status).toBe(429);
    expect(response.body).toEqual({
      detail: expect.stringMatching(
        new RegExp(`^Too many questions at once: at most ${allowed} a minute\\. Try again in \\d+ s\\.$`),
      ),
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('is counted in the database: two app instances on one database share it (CHAT_BUILT_IN_QUESTIONS_PER_MINUTE)', async () => {
    const env = { MCP_PORT: '0', CHAT_BUILT_IN_QUESTIONS_PER_MINUTE: '2' };
    const first = await serverWith(env);
    const second = await serverWith(env);
    const person = (await addMember(seeder.app, org.admin)).access_token;
    expect((await ask('What is the total pipeline by stage?', {}, first.app, person)).status).toBe(200);
    expect((await ask('And by sector?', {}, second.app, person)).status).toBe(200);
    expectLimited(await ask('And by geography?', {}, first.app, person), 2);
    expectLimited(await ask('And by geography?', {}, second.app, person), 2);
    // Another person has a count of their own.
    const colleague = (await addMember(seeder.app, org.admin)).access_token;
    expect((await ask('And by geography?', {}, second.app, colleague)).status).toBe(200);
  });

  it("gives the built-in analyst its own limit, higher than a model's (CHAT_QUESTIONS_PER_MINUTE)", async () => {
    const limits = { MCP_PORT: '0', CHAT_QUESTIONS_PER_MINUTE: '1', CHAT_BUILT_IN_QUESTIONS_PER_MINUTE: '3' };
    const withModel = await serverWith({ ...(await unreachableModelEnv()), ...limits });
    const builtIn = await serverWith(limits);
    const person = (await addMember(seeder.app, org.admin)).access_token;
    expect((await ask('What is the total pipeline by stage?', {}, withModel.app, person)).status).toBe(200);
    expectLimited(await ask('And by sector?', {}, withModel.app, person), 1);
    // The model's limit is spent; the built-in analyst still answers up to its own.
    for (let question = 0; question < 3; question += 1) {
      expect((await ask('And by sector?', {}, builtIn.app, person)).status).toBe(200);
    }
    expectLimited(await ask('And by geography?', {}, builtIn.app, person), 3);
    expectLimited(await ask('And by geography?', {}, withModel.app, person), 1);
  });

  it('answers a question beyond the limit on the stream route with 429 JSON too', async () => {
    const limited = await serverWith({ MCP_PORT: '0', CHAT_BUILT_IN_QUESTIONS_PER_MINUTE: '1' });
    const person = (await addMember(seeder.app, org.admin)).access_token;
    expect((await ask('What is the total pipeline by stage?', {}, limited.app, person)).status).toBe(200);
    const streamed = await call(limited.app, 'POST', STREAM, {
      token: person,
      body: { query: 'And by sector?' },
    });
    expectLimited(streamed as Awaited<ReturnType<typeof ask>>, 1);
  });
});
