import { type TAuthResponse, type TCreatedApiKey, TOOL_NAMES, type TToolName } from '@atempo/contracts';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssistantOrganisation,
  seedAssistantOrganisation,
} from '../modules/assistant/assistant.fixtures.ts';
import { ASSISTANT_TOOLS, runTool } from '../modules/assistant/tools/index.ts';
import { registerOrganization } from '../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../test/server.ts';
import { connectClient, type RunningMcp, startTestMcp } from './mcp.fixtures.ts';

/**
 * The assistant's eight tools over MCP, driven by the official SDK client with a personal API key:
 * each answers what the same function answers when called directly, with the seeded
 * organisation's exact figures, and nothing of another organisation.
 */
const NOW = new Date();

let server: TestServer;
let mcp: RunningMcp;
let seeded: AssistantOrganisation;
let stranger: TAuthResponse;
let client: Client;
let strangerClient: Client;

async function apiKeyOf(token: string): Promise<string> {
  const response = await call<TCreatedApiKey>(server.app, 'POST', '/api/v1/users/me/api-keys', {
    token,
    body: { name: 'MCP tests' },
  });
  expect(response.status).toBe(201);
  return response.body.secret;
}

/** A tool's structured content, as the checks below read it (each knows its own tool's shape). */
// biome-ignore lint/suspicious/noExplicitAny: the eight outputs differ; each check reads one of them
type Output = Record<string, any>;

/** Calls a tool over MCP and insists it succeeded; answers its structured content. */
async function callTool(on: Client, name: TToolName, args: Record<string, unknown>) {
  const result = await on.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text: string }[])[0]!.text;
  expect(result.isError, `${name}: ${text}`).toBeFalsy();
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent as Output;
}

/** The same tool called in-process for the seeded organisation, as JSON would carry it. */
async function direct(
  organizationId: string,
  userId: string,
  name: TToolName,
  args: Record<string, unknown>,
) {
  const { output } = await runTool({ db: server.database.db, organizationId, userId, now: NOW }, name, args);
  return JSON.parse(JSON.stringify(output));
}

beforeAll(async () => {
  server = await startTestServer();
  seeded = await seedAssistantOrganisation(server.app);
  stranger = await registerOrganization(server.app);
  mcp = await startTestMcp(server, ASSISTANT_TOOLS, () => NOW);
  client = await connectClient(mcp.url, await apiKeyOf(seeded.token));
  strangerClient = await connectClient(mcp.url, await apiKeyOf(stranger.access_token));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await strangerClient?.close();
  await mcp?.app.close();
  await server?.close();
});

describe('the eight tools over MCP', () => {
  it('lists all eight, each with its input and output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.outputSchema?.required, tool.name).toContain('citations');
    }
  });

  const calls = (): [TToolName, Record<string, unknown>, (output: Output) => void][] => [
    [
      'search_companies',
      { query: 'Acme' },
      (output) =>
        expect(output.companies.map((company: { id: string }) => company.id)).toContain(
          seeded.companies.acme.id,
        ),
    ],
    [
      'get_deal_details',
      { company_name: 'Acme Ltd' },
      (output) => {
        expect(output.deal.id).toBe(seeded.deals.acme.id);
        expect(output.deal.amount_requested).toBe(5_000_000);
        expect(output.deal.stage).toBe('due_diligence');
      },
    ],
    [
      'analyse_portfolio',
      { group_by: 'stage' },
      (output) => {
        expect(output.totals.count).toBe(seeded.portfolio.count);
        expect(output.totals.total_amount).toBe(seeded.portfolio.totalAmount);
        expect(output.pipeline_value).toBe(seeded.portfolio.pipelineValue);
        expect(output.conversion.rate).toBeCloseTo(seeded.portfolio.conversion.rate, 10);
      },
    ],
    [
      'get_financial_metrics',
      { deal_id: seeded.deals.acme.id, metrics: ['arr'] },
      (output) => {
        expect(output.subject.deal_id).toBe(seeded.deals.acme.id);
        expect(output.metrics.find((metric: { name: string }) => metric.name === 'arr')?.value).toBe(
          8_400_000,
        );
      },
    ],
    [
      'search_documents',
      { query: 'net revenue retention' },
      (output) =>
        expect(output.results.map((result: { document_id: string }) => result.document_id)).toContain(
          seeded.documents.acmeBoardPack.id,
        ),
    ],
    [
      'get_market_intelligence',
      { company_name: 'Acme Ltd' },
      (output) => expect(output).toHaveProperty('signals'),
    ],
    [
      'calculate_metrics',
      { calculation: 'runway', inputs: { cash: 6_300_000, monthly_burn: 350_000 } },
      (output) => expect(output.result).toBe(18),
    ],
    [
      'get_red_flags',
      { stages: ['due_diligence'] },
      (output) => {
        const flagged = Object.values(seeded.deals)
          .filter((deal) => deal.stage === 'due_diligence' && deal.redFlags.length > 0)
          .map((deal) => deal.id);
        expect(flagged.length).toBeGreaterThan(0);
        expect(output.deals.map((deal: { deal_id: string }) => deal.deal_id).sort()).toEqual(flagged.sort());
      },
    ],
  ];

  it.each(TOOL_NAMES.map((name) => [name]))('%s answers as the function does in-process', async (name) => {
    const [, args, check] = calls().find(([candidate]) => candidate === name)!;
    const output = await callTool(client, name, args);
    expect(output).toEqual(await direct(seeded.organizationId, seeded.userId, name, args));
    check(output);
  });
});

describe('organisation isolation', () => {
  it("gives another organisation's key nothing of the seeded organisation through any tool", async () => {
    const acme = seeded.deals.acme;
    const probes: [TToolName, Record<string, unknown>][] = [
      ['search_companies', { query: 'Acme' }],
      ['get_deal_details', { deal_id: acme.id }],
      ['get_deal_details', { company_name: 'Acme Ltd' }],
      ['analyse_portfolio', {}],
      ['get_financial_metrics', { deal_id: acme.id }],
      ['get_financial_metrics', { company_id: acme.companyId }],
      ['search_documents', { query: 'net revenue retention' }],
      ['search_documents', { query: 'ARR', company_ids: [acme.companyId] }],
      ['get_market_intelligence', { company_name: 'Acme Ltd' }],
      ['calculate_metrics', { calculation: 'runway', deal_id: acme.id }],
      ['get_red_flags', { deal_id: acme.id }],
    ];
    for (const [name, args] of probes) {
      const result = await strangerClient.callTool({ name, arguments: args });
      const text = (result.content as { text: string }[])[0]!.text;
      // Not found is an answer ("no such deal"); the seeded organisation's data is not.
      expect(text, `${name} ${JSON.stringify(args)}`).not.toMatch(/Acme Ltd|Board pack|8400000/i);
      for (const id of [
        seeded.documents.acmeBoardPack.id,
        ...Object.values(seeded.deals).map((deal) => deal.id),
      ]) {
        if (!JSON.stringify(args).includes(id)) expect(text, `${name} leaked ${id}`).not.toContain(id);
      }
      if (name === 'analyse_portfolio')
        expect(result.structuredContent).toMatchObject({ totals: { count: 0 } });
    }
  });

  it("cannot read the seeded organisation's deal or company as a resource", async () => {
    for (const uri of [
      `atempo://deals/${seeded.deals.acme.id}`,
      `atempo://companies/${seeded.companies.acme.id}`,
    ]) {
      await expect(strangerClient.readResource({ uri })).rejects.toMatchObject({ code: -32002 });
      const own = await client.readResource({ uri });
      expect(own.contents[0]?.uri).toBe(uri);
    }
  });
});
