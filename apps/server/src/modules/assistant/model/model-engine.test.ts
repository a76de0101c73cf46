import { TOOL_NAMES, ZChatQueryRequest } from '@atempo/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../../config.ts';
import { createConfiguredModel } from '../../../platform/ai/language-model.ts';
import {
  type FakeModelServer,
  type FakeProvider,
  startFakeModelServer,
} from '../../../test/fakes/fake-model-server.ts';
import {
  lastToolResult,
  systemPromptOf,
  toolResultsSent,
  toolsOffered,
} from '../../../test/fakes/requests.ts';
import { registerOrganization } from '../../../test/fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { type AssistantOrganisation, seedAssistantOrganisation } from '../assistant.fixtures.ts';
import type { EngineEvent } from '../engine.ts';
import { fallbackReason } from '../fallback.ts';
import { ASSISTANT_TOOLS, runTool } from '../tools/index.ts';
import type { ToolContext } from '../tools/tool.ts';
import { CONFIDENCE } from './answer-check.ts';
import { createModelEngine } from './model-engine.ts';

type DealResult = {
  deal: { id: string; amount_requested: number; stage: string } | null;
  citations: unknown[];
};

let server: TestServer;
let org: AssistantOrganisation;

beforeAll(async () => {
  server = await startTestServer();
  org = await seedAssistantOrganisation(server.app);
}, 60_000);
afterAll(() => server.close());

const contextOf = (organizationId: string, userId: string): ToolContext => ({
  db: server.database.db,
  organizationId,
  userId,
  now: new Date(),
});
const question = (query: string, extra: Record<string, unknown> = {}) =>
  ZChatQueryRequest.parse({ query, ...extra });

describe.each(['openai', 'anthropic'] as const satisfies FakeProvider[])(
  'the %s model engine',
  (provider) => {
    let fake: FakeModelServer;
    beforeAll(async () => {
      fake = await startFakeModelServer(provider);
    });
    afterAll(() => fake.close());
    afterEach(() => {
      fake.requests.length = 0;
      expect(fake.pending(), 'every scripted reply was used').toBe(0);
    });

    const engine = (maxSteps?: number, overallTimeoutMs = 10_000) => {
      const llm: LlmConfig = {
        provider,
        baseUrl: fake.baseUrl,
        apiKey: 'k',
        model: 'analyst-1',
        timeoutMs: 5_000,
      };
      const configured = createConfiguredModel(llm, { defaultRetryWaitMs: 10 });
      return createModelEngine(
        configured.model,
        configured.info,
        { tools: ASSISTANT_TOOLS, run: runTool },
        {
          overallTimeoutMs,
          maxSteps,
        },
      );
    };
    const ask = (
      query: string,
      options: { events?: EngineEvent[]; context?: ToolContext; maxSteps?: number } = {},
    ) =>
      engine(options.maxSteps).answer(
        options.context ?? contextOf(org.organizationId, org.userId),
        question(query),
        {
          signal: new AbortController().signal,
          onEvent: options.events ? (event) => options.events?.push(event) : undefined,
        },
      );

    it('offers the eight tools with their input contracts as JSON Schema, under a credit-analyst system prompt', async () => {
      fake.script({ text: 'The data does not hold anything about the weather.' });
      const draft = await ask('What is the weather like?');
      const offered = toolsOffered(provider, fake.requests[0]!);
      expect(offered.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
      for (const tool of offered) {
        expect(tool.description.length, tool.name).toBeGreaterThan(20);
        expect(tool.schema.type, tool.name).toBe('object');
      }
      const deal = offered.find((tool) => tool.name === 'get_deal_details')!;
      expect(deal.schema.properties?.deal_id).toMatchObject({ type: 'string', format: 'uuid' });
      expect(Object.keys(deal.schema.properties ?? {})).toEqual(['deal_id', 'company_id', 'company_name']);
      expect(offered.find((tool) => tool.name === 'search_documents')?.schema.required).toEqual(['query']);
      expect(
        offered.find((tool) => tool.name === 'calculate_metrics')?.schema.properties?.calculation,
      ).toMatchObject({
        enum: expect.arrayContaining(['runway', 'facility_sizing']),
      });
      const system = systemPromptOf(provider, fake.requests[0]!);
      expect(system).toContain('venture-debt lender');
      expect(system).toContain('The data does not hold');
      expect(draft).toMatchObject({
        response_type: 'no_data',
        tool_calls: [],
        tools_selected: [...TOOL_NAMES],
      });
      expect(draft.confidence).toBe(CONFIDENCE.withoutTools);
    });

    it.each([false, true])(
      'runs the tool the model calls against the database, sends the result back and cites it (streaming: %s)',
      async (streaming) => {
        const acme = org.deals.acme;
        let sentBack: DealResult | undefined;
        fake.script(
          { toolCalls: [{ name: 'get_deal_details', input: { company_name: 'Acme' } }] },
          (request) => {
            sentBack = lastToolResult<DealResult>(provider, request);
            const deal = sentBack.deal!;
            return {
              text: `Acme Ltd asks for €${(deal.amount_requested / 1e6).toFixed(1)}M and is in ${deal.stage.replace('_', ' ')}.`,
            };
          },
        );
        const events: EngineEvent[] = [];
        const draft = await ask("Where is Acme's deal?", streaming ? { events } : {});

        expect(sentBack?.deal).toMatchObject({
          id: acme.id,
          amount_requested: 5_000_000,
          stage: 'due_diligence',
        });
        expect(fake.requests.map((request) => request.body.stream === true)).toEqual([streaming, streaming]);
        expect(draft.answer).toBe('Acme Ltd asks for €5.0M and is in due diligence.');
        expect(draft.unsupported_figures).toEqual([]);
        expect(draft.confidence).toBe(CONFIDENCE.answeredFromTools);
        expect(draft.response_type).toBe('answer');
        expect(draft.tool_calls).toEqual([
          {
            name: 'get_deal_details',
            input: { company_name: 'Acme' },
            ok: true,
            duration_ms: expect.any(Number),
          },
        ]);
        expect(draft.citations.length).toBeGreaterThan(0);
        expect(draft.citations.some((citation) => citation.target.id === acme.id)).toBe(true);
        expect(draft.related_queries.length).toBeGreaterThan(0);
        if (streaming) {
          const deltas = events.flatMap((event) => (event.type === 'delta' ? [event.text] : []));
          expect(deltas.length).toBeGreaterThan(3);
          expect(deltas.join('')).toBe(draft.answer);
          expect(events).toContainEqual({ type: 'status', message: 'Reading the deal…' });
        } else {
          expect(events).toEqual([]);
        }
      },
    );

    it('flags a figure that is in no tool result, and lowers the confidence', async () => {
      fake.script(
        { toolCalls: [{ name: 'get_deal_details', input: { company_name: 'Acme Ltd' } }] },
        {
          text: 'Acme Ltd asks for €5,000,000; its runway is 31.5 months.',
        },
      );
      const draft = await ask("What is Acme's runway?");
      expect(draft.unsupported_figures).toEqual(['31.5']);
      expect(draft.confidence).toBe(CONFIDENCE.unsupportedFigures);
      expect(draft.answer).toBe(
        'Acme Ltd asks for €5,000,000; its runway is 31.5 months.\n\n⚠ Unverified figures: 31.5. They appear in none of the data the assistant looked up; check them before relying on them.',
      );
    });

    it('records a call with input the contract refuses and sends the reason back to the model', async () => {
      let error: unknown;
      fake.script({ toolCalls: [{ name: 'get_deal_details', input: {} }] }, (request) => {
        error = lastToolResult(provider, request);
        return { text: 'The data does not hold a deal without its name; which company do you mean?' };
      });
      const draft = await ask('Show me the deal');
      expect(error).toEqual({ error: 'name a deal_id, a company_id or a company_name' });
      expect(draft.tool_calls).toEqual([
        { name: 'get_deal_details', input: {}, ok: false, duration_ms: expect.any(Number) },
      ]);
      expect(draft.citations).toEqual([]);
      expect(draft.response_type).toBe('no_data');
    });

    it("reads only the caller's organisation, whatever ids the model sends", async () => {
      const other = await registerOrganization(server.app);
      const results: unknown[] = [];
      fake.script(
        {
          toolCalls: [
            { name: 'get_deal_details', input: { deal_id: org.deals.acme.id } },
            { name: 'search_companies', input: { query: 'Acme' } },
          ],
        },
        (request) => {
          results.push(...toolResultsSent(provider, request));
          return { text: 'The data does not hold a deal for Acme.' };
        },
      );
      const draft = await ask('Where is the Acme deal?', {
        context: contextOf(other.organization.id, other.user.id),
      });
      expect(results).toHaveLength(2);
      expect(results[0]).toMatchObject({ deal: null, citations: [] });
      expect(results[1]).toMatchObject({ companies: [], total: 0 });
      expect(draft.citations).toEqual([]);
    });

    it('stops after the allowed number of turns, the last one without tools', async () => {
      const call = { toolCalls: [{ name: 'analyse_portfolio', input: { group_by: 'stage' } }] };
      fake.script(call, call, { text: 'Here is the pipeline by stage.' });
      const draft = await ask('Total pipeline by stage', { maxSteps: 3 });
      expect(fake.requests).toHaveLength(3);
      expect(draft.tool_calls).toHaveLength(2);
      const last = fake.requests[2]!.body;
      expect(last.tool_choice).toEqual(provider === 'openai' ? 'none' : { type: 'none' });
      expect(fake.requests[0]!.body.tool_choice).toEqual(provider === 'openai' ? 'auto' : { type: 'auto' });
    });

    it('gives up when the whole answer takes longer than its overall limit, in words the fallback can use', async () => {
      fake.script({ toolCalls: [{ name: 'analyse_portfolio', input: {} }] }, { hang: true });
      const started = performance.now();
      const error = await engine(undefined, 800)
        .answer(contextOf(org.organizationId, org.userId), question('Total pipeline by stage'), {
          signal: new AbortController().signal,
        })
        .catch((caught: unknown) => caught);
      expect(performance.now() - started).toBeLessThan(4_000);
      expect(fallbackReason(error, 800)).toBe('the model did not finish its answer within 1 s');
    });
  },
);
