import { type TIcMemo, ZGroqIcMemoResponse, ZIcMemo } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from '../../test/fakes/fake-model-server.ts';
import type { RecordedRequest } from '../../test/fakes/model-turn.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { registerOrganisation, unsourcedFigures } from './ic-memos.fixtures.ts';

let fake: FakeModelServer;
let server: TestServer;
let token: string;
let dealId: string;

/** The draft sections the server sent the model, read from the recorded request. */
function draftsOf(request: RecordedRequest): Record<string, string> {
  const messages = request.body.messages as { role: string; content: unknown }[];
  const content = messages.find((message) => message.role === 'user')?.content ?? '';
  const text =
    typeof content === 'string' ? content : (content as { text: string }[]).map((part) => part.text).join('');
  return (JSON.parse(text) as { sections: Record<string, string> }).sections;
}

beforeAll(async () => {
  fake = await startFakeModelServer('openai');
  server = await startTestServer({
    env: {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'analyst-1',
      LLM_TIMEOUT_MS: '10000',
    },
  });
  token = (await registerOrganisation(server.app, 'Model Credit')).access_token;
  const company = await call<{ id: string }>(server.app, 'POST', '/api/v1/companies', {
    token,
    body: {
      name: 'Tidewater Robotics Ltd',
      industry: 'B2B SaaS',
      headquarters_country: 'United Kingdom',
      stage: 'Series A',
      description: 'Inspection robots for offshore wind turbines.',
      revenue: 3_600_000,
      revenue_growth: 0.5,
      employee_count: 38,
      financial_metrics: {
        gross_margin: 0.62,
        monthly_burn: 240_000,
        cash: 3_000_000,
        last_round_amount: 10_000_000,
      },
    },
  });
  expect(company.status).toBe(201);
  const deal = await call<{ id: string }>(server.app, 'POST', '/api/v1/deals', {
    token,
    body: {
      company_id: company.body.id,
      amount_requested: 2_000_000,
      stage: 'due_diligence',
      deal_type: 'venture_debt',
    },
  });
  expect(deal.status).toBe(201);
  dealId = deal.body.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('an IC memo written with a language model', () => {
  it('keeps the sections the model wrote from the facts and writes the others from the template', async () => {
    const builtIn = await call(
      server.app,
      'POST',
      `/api/v1/ic-memos/generate-groq/${dealId}?use_groq=false`,
      { token },
    );
    const template = ZGroqIcMemoResponse.parse(builtIn.body).memo!;
    expect(fake.requests).toHaveLength(0);

    fake.script((request) => {
      const drafts = draftsOf(request);
      return {
        text: JSON.stringify({
          // An invented figure: refused, the template's summary is kept.
          executive_summary: `${drafts.executive_summary} The facility could grow to €99,000,000[^1].`,
          company_overview: `In short: ${drafts.company_overview}`,
          // A footnote that does not exist.
          market_opportunity: `${drafts.market_opportunity} Demand is rising.[^999]`,
          competitive_landscape: drafts.competitive_landscape,
          // A figure of the facts, cited to a source that does not hold it.
          product_technology: `${drafts.product_technology} Gross margin is 62%[^1].`,
          // A true-looking figure with no source.
          team_assessment: `${drafts.team_assessment}\n\nThe team has 40 engineers.`,
          recommendation: drafts.recommendation,
          // risk_assessment not written at all.
        }),
      };
    });
    const response = await call<TIcMemo>(server.app, 'POST', '/api/v1/ic-preparation/generate', {
      token,
      body: { deal_id: dealId },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const memo = ZIcMemo.parse(response.body);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.body.model).toBe('analyst-1');
    expect(JSON.stringify(request.body.messages)).toContain('Use only the facts');

    expect(memo.metadata.generated_by).toBe('openai-compatible: analyst-1');
    expect(memo.metadata.engine).toEqual({ provider: 'openai-compatible', model: 'analyst-1' });
    expect(memo.content.company_overview.startsWith('In short: ')).toBe(true);
    expect(memo.content.competitive_landscape).toBe(template.sections.competitive_landscape);
    for (const section of [
      'executive_summary',
      'market_opportunity',
      'product_technology',
      'team_assessment',
      'risk_assessment',
    ] as const) {
      expect(memo.content[section]).toBe(template.sections[section]);
    }
    expect(memo.formatted_markdown).not.toContain('99,000,000');
    expect(memo.metadata.template_fallbacks).toEqual([
      {
        section: 'executive_summary',
        reason: 'The model wrote figures the facts do not contain',
        unsupported_figures: ['€99,000,000'],
      },
      {
        section: 'market_opportunity',
        reason: 'The model cited footnotes that do not exist: 999',
        unsupported_figures: [],
      },
      {
        section: 'product_technology',
        reason: 'The model cited figures to sources that do not hold them',
        unsupported_figures: ['62%'],
      },
      {
        section: 'team_assessment',
        reason: 'The model wrote figures the facts do not contain',
        unsupported_figures: ['40'],
      },
      { section: 'risk_assessment', reason: 'The model did not write this section', unsupported_figures: [] },
    ]);
    // The tables stay the template's; every figure of the memo is still found in its source.
    expect(memo.content.financial_analysis).toBe(template.sections.financial_analysis);
    expect(memo.content.deal_terms).toBe(template.sections.deal_terms);
    expect(await unsourcedFigures(server.app, token, memo)).toEqual([]);
  }, 120_000);

  it('answers the fast generator with the model, and writes every section from the template when the model fails', async () => {
    fake.script((request) => ({ text: `\`\`\`json\n${JSON.stringify(draftsOf(request))}\n\`\`\`` }));
    const fast = await call(server.app, 'POST', `/api/v1/ic-memos/generate-groq/${dealId}?use_groq=true`, {
      token,
    });
    expect(fast.status).toBe(200);
    const answer = ZGroqIcMemoResponse.parse(fast.body);
    expect(answer).toMatchObject({ status: 'success', error: null, deal_id: dealId });
    expect(answer.memo?.metadata).toMatchObject({
      generated_by: 'openai-compatible: analyst-1',
      template_fallbacks: [],
    });

    fake.script({ status: 400, message: 'model overloaded' });
    const failed = await call<TIcMemo>(server.app, 'POST', '/api/v1/ic-preparation/generate', {
      token,
      body: { deal_id: dealId },
    });
    expect(failed.status).toBe(201);
    expect(failed.body.metadata.generated_by).toBe('Built-in analyst');
    expect(failed.body.metadata.template_fallbacks).toHaveLength(8);
    expect(failed.body.metadata.template_fallbacks?.[0]?.reason).toMatch(/^The model did not answer/);
    expect(fake.pending()).toBe(0);
  }, 120_000);
});
