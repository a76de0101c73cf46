import type {
  TDealListResponse,
  TDealSummaryResponse,
  TToolInput,
  TToolName,
  TToolOutput,
} from '@atempo/contracts';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type RunningMcp, startTestMcp } from '../../mcp/mcp.fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { type PipelineAggregates, pipelineAggregates } from '../deals/index.ts';
import { type AssistantOrganisation, seedAssistantOrganisation } from './assistant.fixtures.ts';
import { createBuiltInAnalystEngine } from './built-in/analyst.ts';
import { money } from './built-in/format.ts';
import {
  backdateEarliestDeals,
  grade,
  makeNaiveDefinitionsDiffer,
  questionSet,
  tally,
} from './built-in/question-set.fixtures.ts';
import type { RunTool } from './built-in/session.ts';
import { ASSISTANT_TOOLS, runTool } from './tools/index.ts';

/**
 * Issue #18 §3: one definition of each pipeline aggregate, the same number on every surface. The
 * seeded organisation is made so that the naive definitions differ from the screens': deals closed
 * and rejected (the open pipeline is not the sum of all requests), a deal at Critical Risk by its
 * red-flag score alone, with no critical flag (counting critical flags is not counting the Deals
 * table's "Critical Risk"), and deals with high flags that are not critical. Each aggregate is then
 * read through the list filter (GET /deals?… total), the stage summary, the dashboard, the tool
 * in process, the MCP tool and the built-in analyst's answer.
 */

let server: TestServer;
let org: AssistantOrganisation;
let mcp: RunningMcp;
let client: Client;
let aggregates: PipelineAggregates;

beforeAll(async () => {
  server = await startTestServer();
  org = await seedAssistantOrganisation(server.app);
  await makeNaiveDefinitionsDiffer(server.database.db, org);
  aggregates = await pipelineAggregates(server.database.db, org.organizationId);
  mcp = await startTestMcp(server, ASSISTANT_TOOLS);
  const key = await call<{ secret: string }>(server.app, 'POST', '/api/v1/users/me/api-keys', {
    token: org.token,
    body: { name: 'pipeline figures' },
  });
  client = await connectClient(mcp.url, key.body.secret);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await mcp?.app.close();
  await server?.close();
});

const context = () => ({
  db: server.database.db,
  organizationId: org.organizationId,
  userId: org.userId,
  now: new Date(),
});

// biome-ignore lint/suspicious/noExplicitAny: each check reads its own tool's shape
async function viaMcp(name: TToolName, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBeFalsy();
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return result.structuredContent as Record<string, any>;
}

/** A tool run in process, its output typed as the tool's contract. */
async function inProcess<N extends TToolName>(name: N, input: TToolInput<N>): Promise<TToolOutput<N>> {
  return (await runTool(context(), name, input)).output as TToolOutput<N>;
}

async function listTotal(query: string): Promise<TDealListResponse> {
  const response = await call<TDealListResponse>(server.app, 'GET', `/api/v1/deals?${query}&limit=1000`, {
    token: org.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function ask(query: string) {
  const outputs: unknown[] = [];
  const observing: RunTool = async (ctx, name, input) => {
    const run = await runTool(ctx, name, input);
    outputs.push(run.output);
    return run as never;
  };
  const draft = await createBuiltInAnalystEngine({ runTool: observing }).answer(
    context(),
    { query, conversation_history: [] } as never,
    { signal: new AbortController().signal, onEvent: () => {} },
  );
  return { draft, outputs };
}

describe('the seeded data tells the naive definitions apart', () => {
  it('has decided deals, a Critical Risk deal with no critical flag and high flags that are not critical', () => {
    const seeded = Object.values(org.deals);
    const naiveCritical = seeded.filter(
      (d) => d.id !== org.deals.kraken.id && d.redFlags.some((f) => f.severity === 'critical'),
    ).length;
    expect(aggregates.critical_risk.count).toBeGreaterThan(naiveCritical);
    expect(aggregates.open.amount).toBeLessThan(aggregates.all.amount);
    expect(aggregates.decided.closed + aggregates.decided.rejected).toBeGreaterThan(0);
  });
});

describe('critical red flags: one number everywhere', () => {
  it('the Deals table filter, the tool, the MCP tool, the portfolio tool and the built-in answer agree', async () => {
    const expected = aggregates.critical_risk.count;
    const listed = await listTotal('red_flag_level=reject');
    expect(listed.total).toBe(expected);
    expect(listed.deals.every((d) => d.red_flag_level === 'reject')).toBe(true);
    const tool = await inProcess('get_red_flags', { min_severity: 'critical' });
    expect(tool.total_deals).toBe(expected);
    // Kraken is counted and says why (its gravest flags).
    const kraken = tool.deals.find((d) => d.deal_id === org.deals.kraken.id);
    expect(kraken?.flags[0]?.severity).toBe('high');
    expect((await viaMcp('get_red_flags', { min_severity: 'critical' })).total_deals).toBe(expected);
    expect((await viaMcp('analyse_portfolio', {})).critical_risk_deals).toBe(expected);
    const { draft } = await ask('How many deals have critical red flags?');
    expect(draft.answer.startsWith(`${expected} deals have critical red flags`), draft.answer).toBe(true);
    expect(draft.answer).toContain('Kraken Security Ltd');
  });

  it('the other badges too: "how many deals are high risk" is the High Risk filter\'s total', async () => {
    const highRisk = (await listTotal('red_flag_level=high_risk')).total;
    expect(highRisk).toBeGreaterThan(0);
    const { draft } = await ask('How many deals are high risk?');
    expect(draft.answer).toMatch(new RegExp(`^There (?:is|are) ${highRisk} deals? at High Risk`));
    // Named, they are exactly the filter's deals.
    const listed = await ask('Which deals are at high risk?');
    const names = [...listed.draft.answer.matchAll(/- \*\*(.+?)\*\* \(deal #/g)].map((m) => m[1]).sort();
    const filtered = (await listTotal('red_flag_level=high_risk')).deals.map((d) => d.company).sort();
    expect(names).toEqual(filtered);
  });

  it('in one stage too: the list filter with a stage and the tool with a stage agree', async () => {
    const inStage = (await listTotal('red_flag_level=reject&stage=due_diligence')).total;
    const tool = await inProcess('get_red_flags', {
      min_severity: 'critical',
      stages: ['due_diligence'],
    });
    expect(tool.total_deals).toBe(inStage);
  });
});

describe('the open pipeline: one number everywhere', () => {
  it('the list filter, the stage summary, the dashboard, the tools and the built-in answer agree', async () => {
    const listed = await listTotal('open=true');
    expect(listed.total).toBe(aggregates.open.count);
    expect(listed.deals.reduce((sum, d) => sum + d.amount_requested, 0)).toBeCloseTo(
      aggregates.open.amount,
      2,
    );
    expect(listed.deals.some((d) => d.stage === 'closed' || d.stage === 'rejected')).toBe(false);
    // open=true narrows the stages asked for: closed deals are never open.
    expect((await listTotal('open=true&stage=closed')).total).toBe(0);

    const summary = await call<TDealSummaryResponse>(server.app, 'GET', '/api/v1/deals/summary', {
      token: org.token,
    });
    for (const row of aggregates.stages) {
      expect(summary.body.stages.find((s) => s.stage === row.stage)).toEqual({
        stage: row.stage,
        count: row.count,
        total_amount: row.amount,
      });
      expect((await listTotal(`stage=${row.stage}`)).total).toBe(row.count);
    }

    const dashboard = await call<{ active_deals: { value: number } }>(
      server.app,
      'GET',
      '/api/v1/intelligence/dashboard/stats',
      { token: org.token },
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.active_deals.value).toBe(aggregates.open.count);

    const tool = await inProcess('analyse_portfolio', { group_by: 'stage' });
    expect(tool.open_pipeline).toEqual({
      count: aggregates.open.count,
      value: aggregates.open.amount,
    });
    expect(tool.pipeline_value).toBe(aggregates.open.amount);
    // Narrowed to two stages, the tool still reports the whole open pipeline.
    const narrowed = await inProcess('analyse_portfolio', { stages: ['ic_review', 'term_sheet'] });
    expect(narrowed.open_pipeline.value).toBe(aggregates.open.amount);
    expect((await viaMcp('analyse_portfolio', { stages: ['ic_review'] })).open_pipeline).toEqual({
      count: aggregates.open.count,
      value: aggregates.open.amount,
    });

    const { draft } = await ask('Which deals are in IC review and at term sheet?');
    expect(draft.answer).not.toMatch(/the open pipeline is worth €(?!.*whole)/);
    const both = await ask('What is the pipeline value of deals in IC review and term sheet?');
    expect(both.draft.answer).toContain(money(aggregates.open.amount));
  });
});

describe('high priority: one number everywhere', () => {
  it('the Companies page count, its priority filter, the tool, the MCP tool and the built-in answer agree', async () => {
    const stats = await call<{ high_priority: number }>(server.app, 'GET', '/api/v1/company-scoring/stats', {
      token: org.token,
    });
    expect(stats.status).toBe(200);
    const expected = stats.body.high_priority;
    expect(expected).toBeGreaterThan(0);
    const listed = await call<{ total: number }>(
      server.app,
      'GET',
      '/api/v1/companies?priority=high&limit=100',
      {
        token: org.token,
      },
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.total).toBe(expected);
    expect((await inProcess('search_companies', { priority: 'high' })).total).toBe(expected);
    expect((await viaMcp('search_companies', { priority: 'high' })).total).toBe(expected);
    const { draft } = await ask('How many high priority companies do we have?');
    expect(draft.answer.startsWith(`${expected} companies are high priority`), draft.answer).toBe(true);
  });
});

describe('the question set (issue #18 §3)', () => {
  it('answers every aggregate, multi-part, superlative and supplied-figure question; declines the future and the unknowable; invents no figure', async () => {
    const graded = [];
    // "Deals added in the last 30 days" must not be every deal: the earliest are moved back first.
    await backdateEarliestDeals(server.database.db, org);
    for (const question of questionSet(org, aggregates)) {
      const { draft, outputs } = await ask(question.q);
      const result = grade(question, draft, outputs);
      graded.push({ ...result, answer: draft.answer, confidence: draft.confidence });
    }
    const failures = graded.filter((g) => g.grade === 'wrong' || g.invented.length > 0);
    expect(failures, JSON.stringify(failures, null, 1)).toEqual([]);
    const summary = tally(graded);
    expect(summary.wrong).toBe(0);
    expect(summary.invented_figures).toBe(0);
  }, 120_000);

  it('is less confident when only one part of a question is understood', async () => {
    const whole = await ask('How many deals are in IC review and what is the open pipeline worth?');
    const half = await ask('How many deals are in IC review and what is the colour of the sky?');
    expect(half.draft.answer).toContain('I did not answer this part');
    expect(half.draft.confidence).toBeLessThan(whole.draft.confidence);
    expect(half.draft.confidence).toBeLessThanOrEqual(0.6);
  });
});
