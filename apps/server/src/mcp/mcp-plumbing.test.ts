import type { TAuthResponse, TCompanyDetail, TCreatedApiKey, TDeal } from '@atempo/contracts';
import { companies } from '@atempo/db';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTool } from '../modules/assistant/tools/tool.ts';
import { createCompany, createDeal } from '../modules/deals/pipeline.fixtures.ts';
import { registerOrganization } from '../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../test/server.ts';
import { connectClient, type RunningMcp, startTestMcp } from './mcp.fixtures.ts';

/**
 * The MCP server's HTTP side, auth and resources, driven by the official SDK client on a real
 * port. The tool here is the test's own (it counts the caller's companies, and fails on demand):
 * it checks the plumbing whatever the assistant's tools answer; mcp-tools.test.ts calls those.
 */
const countingTool = defineTool(
  'search_companies',
  'Counts the companies of the organisation.',
  async (context, input) => {
    if (input.query === 'explode') throw new Error('connection to 10.0.0.7:5432 refused (secret internals)');
    const [row] = await context.db
      .select({ n: count() })
      .from(companies)
      .where(eq(companies.organizationId, context.organizationId));
    return { companies: [], total: row!.n, citations: [] };
  },
);

let server: TestServer;
let mcp: RunningMcp;
let orgA: TAuthResponse;
let orgB: TAuthResponse;
let dealA: TDeal;
let companyA: TCompanyDetail;
const clients: Client[] = [];
/** The text of a resource's content (ours are JSON text, never blobs). */
const textOf = (content: unknown) => (content as { text: string }).text;

async function client(token: string): Promise<Client> {
  const connected = await connectClient(mcp.url, token);
  clients.push(connected);
  return connected;
}

async function apiKey(owner: TAuthResponse, body: Record<string, unknown> = { name: 'MCP' }) {
  const response = await call<TCreatedApiKey>(server.app, 'POST', '/api/v1/users/me/api-keys', {
    token: owner.access_token,
    body,
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** A raw initialize request, to see the HTTP status and headers the SDK client hides. */
function initialize(headers: Record<string, string>, method = 'POST') {
  return fetch(mcp.url, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body:
      method === 'POST'
        ? JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: '2025-06-18',
              capabilities: {},
              clientInfo: { name: 'raw', version: '1' },
            },
          })
        : undefined,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  mcp = await startTestMcp(server, [countingTool]);
  orgA = await registerOrganization(server.app);
  orgB = await registerOrganization(server.app);
  const company = await createCompany(server.app, orgA.access_token, { name: 'Acme Robotics Ltd' });
  await createCompany(server.app, orgA.access_token, { name: 'Beta Analytics Ltd' });
  dealA = await createDeal(server.app, orgA.access_token, {
    company_id: company.id,
    amount_requested: 2_500_000,
  });
  companyA = (
    await call<TCompanyDetail>(server.app, 'GET', `/api/v1/companies/${company.id}`, {
      token: orgA.access_token,
    })
  ).body;
});

afterAll(async () => {
  await Promise.all(clients.map((connected) => connected.close()));
  await mcp?.app.close();
  await server?.close();
});

describe('tools over MCP', () => {
  it('lists the tools with their contracts as JSON schemas', async () => {
    const { tools } = await (await client(orgA.access_token)).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_companies']);
    const [tool] = tools;
    expect(tool!.description).toBe('Counts the companies of the organisation.');
    expect(tool!.inputSchema).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string', maxLength: 200 }, limit: { type: 'integer', maximum: 25 } },
    });
    expect(tool!.outputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['companies', 'total', 'citations']),
    });
    expect(tool!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("answers structured content and the same JSON as text, for the caller's organisation only", async () => {
    for (const [caller, expected] of [
      [orgA, 2],
      [orgB, 0],
    ] as const) {
      const result = await (await client(caller.access_token)).callTool({
        name: 'search_companies',
        arguments: { query: '' },
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ companies: [], total: expected, citations: [] });
      expect(JSON.parse((result.content as [{ text: string }])[0].text)).toEqual(result.structuredContent);
    }
  });

  it('refuses arguments outside the contract', async () => {
    const result = await (await client(orgA.access_token)).callTool({
      name: 'search_companies',
      arguments: { query: 'x', limit: 500 },
    });
    expect(result.isError).toBe(true);
    expect((result.content as [{ text: string }])[0].text).toMatch(/limit/);
  });

  it('reports a failing tool without its internals', async () => {
    const result = await (await client(orgA.access_token)).callTool({
      name: 'search_companies',
      arguments: { query: 'explode' },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as [{ text: string }])[0].text;
    expect(text).toBe('The tool search_companies failed. Try again later.');
    expect(text).not.toContain('10.0.0.7');
  });
});

describe('resources over MCP', () => {
  it('offers a deal and a company template', async () => {
    const { resourceTemplates } = await (await client(orgA.access_token)).listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
      'atempo://companies/{id}',
      'atempo://deals/{id}',
    ]);
  });

  it('reads a deal and a company as their REST routes answer them', async () => {
    const connected = await client(orgA.access_token);
    const deal = await connected.readResource({ uri: `atempo://deals/${dealA.id}` });
    expect(deal.contents).toHaveLength(1);
    expect(deal.contents[0]).toMatchObject({
      uri: `atempo://deals/${dealA.id}`,
      mimeType: 'application/json',
    });
    const restDeal = await call(server.app, 'GET', `/api/v1/deals/${dealA.id}`, { token: orgA.access_token });
    expect(JSON.parse(textOf(deal.contents[0]))).toEqual(restDeal.body);

    const company = await connected.readResource({ uri: `atempo://companies/${companyA.id}` });
    expect(JSON.parse(textOf(company.contents[0]))).toEqual(companyA);
    expect(companyA.deals.map((item) => item.id)).toEqual([dealA.id]);
  });

  it("answers another organisation's ids, unknown ids and malformed ids as not found", async () => {
    const connected = await client(orgB.access_token);
    for (const uri of [
      `atempo://deals/${dealA.id}`,
      `atempo://companies/${companyA.id}`,
      'atempo://deals/00000000-0000-4000-8000-000000000000',
      "atempo://deals/1' or '1'='1",
    ]) {
      await expect(connected.readResource({ uri }), uri).rejects.toMatchObject({ code: -32002 });
    }
  });
});

describe('authentication', () => {
  it('accepts a personal API key, which acts for its organisation', async () => {
    const key = await apiKey(orgA);
    const result = await (await client(key.secret)).callTool({ name: 'search_companies', arguments: {} });
    expect(result.structuredContent).toMatchObject({ total: 2 });
  });

  it.each([
    ['no Authorization header', {}],
    ['a malformed token', { authorization: 'Bearer not-a-token' }],
    ['an unknown API key', { authorization: `Bearer atp_${'x'.repeat(43)}` }],
    ['a Basic credential', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 with WWW-Authenticate to %s', async (_label, headers) => {
    const response = await initialize(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses the SDK client a connection with a bad token', async () => {
    await expect(connectClient(mcp.url, 'not-a-token')).rejects.toMatchObject({ code: 401 });
  });

  it('answers 401 to an expired API key and to a deleted one', async () => {
    const expired = await apiKey(orgA, { name: 'expiring', expires_in_days: 1 });
    await server.database.executeSql(
      "update api_keys set expires_at = now() - interval '1 minute' where id = $1",
      [expired.id],
    );
    const expiredResponse = await initialize({ authorization: `Bearer ${expired.secret}` });
    expect(expiredResponse.status).toBe(401);
    expect(expiredResponse.headers.get('www-authenticate')).toMatch(/invalid_token/);

    const deleted = await apiKey(orgA, { name: 'deleted' });
    expect((await initialize({ authorization: `Bearer ${deleted.secret}` })).status).toBe(200);
    const removal = await call(server.app, 'DELETE', `/api/v1/users/me/api-keys/${deleted.id}`, {
      token: orgA.access_token,
    });
    expect(removal.status).toBe(200);
    expect((await initialize({ authorization: `Bearer ${deleted.secret}` })).status).toBe(401);
  });

  it('refuses a page of another origin with 403 and accepts the web app’s own', async () => {
    const token = { authorization: `Bearer ${orgA.access_token}` };
    const foreign = await initialize({ ...token, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    const own = await initialize({ ...token, origin: new URL(server.config.publicUrl).origin });
    expect(own.status).toBe(200);
  });

  it('answers GET and DELETE with 405: the server keeps no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await initialize({ authorization: `Bearer ${orgA.access_token}` }, method);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('answers malformed JSON with 400 {detail, code}', async () => {
    const response = await fetch(mcp.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${orgA.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{"jsonrpc": "2.0",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });
});
