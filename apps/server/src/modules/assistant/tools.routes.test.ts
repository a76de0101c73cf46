import {
  type TAssistantToolsResponse,
  TOOL_CONTRACTS,
  TOOL_NAMES,
  type TToolOutput,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { type AssistantOrganisation, seedAssistantOrganisation } from './assistant.fixtures.ts';

/** GET /assistant/tools and POST /assistant/tools/{name}: the tools over real HTTP. */

let server: TestServer;
let a: AssistantOrganisation;
let otherToken: string;

beforeAll(async () => {
  server = await startTestServer();
  a = await seedAssistantOrganisation(server.app);
  otherToken = (await registerOrganization(server.app)).access_token;
}, 120_000);

afterAll(async () => server?.close());

const post = <T>(name: string, body: unknown, token = a.token) =>
  call<T>(server.app, 'POST', `/api/v1/assistant/tools/${name}`, { token, body });

describe('GET /assistant/tools', () => {
  it('lists the eight tools with their description and input JSON Schema', async () => {
    const response = await call<TAssistantToolsResponse>(server.app, 'GET', '/api/v1/assistant/tools', {
      token: a.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    const calculate = response.body.tools.find((tool) => tool.name === 'calculate_metrics');
    expect(calculate?.description).toContain('runway (cash ÷ monthly net burn)');
    expect(calculate?.input_schema).toMatchObject({
      type: 'object',
      properties: { calculation: { enum: expect.arrayContaining(['runway', 'facility_sizing']) } },
      required: ['calculation'],
    });
    const search = response.body.tools.find((tool) => tool.name === 'search_documents');
    expect(search?.input_schema).toMatchObject({ properties: { query: { type: 'string', maxLength: 500 } } });
  });

  it('needs a signed-in caller', async () => {
    expect((await call(server.app, 'GET', '/api/v1/assistant/tools')).status).toBe(401);
    expect(
      (await call(server.app, 'POST', '/api/v1/assistant/tools/analyse_portfolio', { body: {} })).status,
    ).toBe(401);
    const forged = await post('analyse_portfolio', {}, 'not-a-token');
    expect(forged.status).toBe(401);
  });
});

describe('POST /assistant/tools/{name}', () => {
  it('runs each tool for the caller and answers its output', async () => {
    const inputs: Record<(typeof TOOL_NAMES)[number], unknown> = {
      search_companies: { query: 'acme' },
      get_deal_details: { company_name: 'Acme' },
      analyse_portfolio: { group_by: 'stage' },
      get_financial_metrics: { company_name: 'Acme', metrics: ['runway'] },
      search_documents: { query: 'monthly net burn' },
      get_market_intelligence: {},
      calculate_metrics: { calculation: 'runway', company_name: 'Acme' },
      get_red_flags: { stages: ['due_diligence'], min_severity: 'critical' },
    };
    for (const name of TOOL_NAMES) {
      const response = await post<Record<string, unknown>>(name, inputs[name]);
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(() => TOOL_CONTRACTS[name].output.parse(response.body), name).not.toThrow();
      expect(Array.isArray(response.body.citations), name).toBe(true);
    }
    const portfolio = await post<TToolOutput<'analyse_portfolio'>>('analyse_portfolio', {});
    expect(portfolio.body.totals).toEqual({
      count: 14,
      total_amount: 71_000_000,
      average_amount: 5_071_428.57,
    });
    expect(portfolio.body.pipeline_value).toBe(51_000_000);
    const runway = await post<TToolOutput<'calculate_metrics'>>('calculate_metrics', {
      calculation: 'runway',
      company_name: 'Acme',
    });
    expect(runway.body).toMatchObject({
      result: 18,
      steps: ['Runway = €6,300,000 ÷ €350,000 per month = 18 months'],
    });
    const deal = await post<TToolOutput<'get_deal_details'>>('get_deal_details', {
      deal_id: a.deals.helix.id,
    });
    expect(deal.body.deal).toMatchObject({
      id: a.deals.helix.id,
      amount_requested: 8_000_000,
      red_flag_level: 'reject',
    });
  });

  it('an unknown tool is a 404, bad input a 422, and neither is a 500', async () => {
    const unknown = await post('drop_tables', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'TOOL_NOT_FOUND',
      detail: 'There is no tool named "drop_tables"',
    });
    const long = await post(`${'x'.repeat(150)}`, {});
    expect([404, 414, 422]).toContain(long.status);
    const cases: [string, unknown][] = [
      ['get_deal_details', {}],
      ['get_deal_details', { deal_id: 'nope' }],
      ['search_companies', { query: 'x'.repeat(5_000) }],
      ['search_companies', { limit: '10' }],
      ['calculate_metrics', { calculation: 'runway', inputs: { cash: 'lots' } }],
      ['analyse_portfolio', { group_by: ['stage'] }],
      ['search_documents', { query: '   ' }],
      ['get_red_flags', { stages: 'due_diligence' }],
    ];
    for (const [name, body] of cases) {
      const response = await post(name, body);
      expect(response.status, `${name} ${JSON.stringify(body).slice(0, 60)}`).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.detail).toEqual(expect.stringMatching(/\w/));
    }
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/assistant/tools/search_companies',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("another organisation gets nothing of this one's: 404 by id, nothing by name", async () => {
    // An id is resolved in the caller's organisation before the tool runs, as a path id is.
    const deal = await post('get_deal_details', { deal_id: a.deals.acme.id }, otherToken);
    expect(deal.status).toBe(404);
    expect(deal.body).toEqual({ detail: 'Deal not found', code: 'NOT_FOUND' });
    const byName = await post<TToolOutput<'search_companies'>>(
      'search_companies',
      { query: 'acme' },
      otherToken,
    );
    expect(byName.body).toEqual({ companies: [], total: 0, citations: [] });
    const portfolio = await post<TToolOutput<'analyse_portfolio'>>('analyse_portfolio', {}, otherToken);
    expect(portfolio.body.totals).toEqual({ count: 0, total_amount: 0, average_amount: null });
    expect(portfolio.body.citations).toEqual([]);
    const flags = await post('get_red_flags', { deal_id: a.deals.beta.id }, otherToken);
    expect(flags.status).toBe(404);
    const metrics = await post('get_financial_metrics', { company_id: a.companies.acme.id }, otherToken);
    expect(metrics.status).toBe(404);
    expect(metrics.body).toEqual({ detail: 'Company not found', code: 'NOT_FOUND' });
    const documents = await post<TToolOutput<'search_documents'>>(
      'search_documents',
      { query: 'monthly net burn' },
      otherToken,
    );
    expect(documents.body.results).toEqual([]);
  });
});
