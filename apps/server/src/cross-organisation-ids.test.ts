import { randomUUID } from 'node:crypto';
import type { TAuthResponse } from '@atempo/contracts';
import { makeXlsx } from '@atempo/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processed, upload, uploadAccepted } from './modules/documents/documents.fixtures.ts';
import { registerOrganization } from './test/fixtures.ts';
import { call, startTestServer, type TestServer } from './test/server.ts';

/**
 * Every route whose body or query names a record by id (found by walking the OpenAPI document
 * for `*_id` / `*_ids` fields in bodies and query strings), called with another organisation's id
 * and with an unknown one: each answers 404 {detail, code}, as a path id does, and writes nothing.
 * Integration routes whose ids name the provider's objects (SharePoint sites, drives, sessions)
 * are not records of an organisation and are left out.
 */

const SHEET = makeXlsx([
  {
    name: 'Figures',
    rows: [
      ['Metric', 'FY2024'],
      ['Revenue', 4_200_000],
    ],
  },
]);

let server: TestServer;
let caller: TAuthResponse;
/** The caller's own company and deal, so that every other field of a body is valid. */
let own: { companyId: string; dealId: string };
/** Another organisation's company, deal and document. */
let foreign: { companyId: string; dealId: string; documentId: string };

async function createCompanyAndDeal(admin: TAuthResponse, name: string) {
  const company = await call<{ id: string }>(server.app, 'POST', '/api/v1/companies', {
    token: admin.access_token,
    body: { name, industry: 'Software', headquarters_country: 'Denmark' },
  });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const deal = await call<{ id: string }>(server.app, 'POST', '/api/v1/deals', {
    token: admin.access_token,
    body: { company_id: company.body.id, amount_requested: 2_000_000 },
  });
  expect(deal.status, JSON.stringify(deal.body)).toBe(201);
  return { companyId: company.body.id, dealId: deal.body.id };
}

/** Row counts of every table of the application's schema: what "nothing was written" means. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = (await server.database.db.execute(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = (await server.database.db.execute(
      `select count(*)::int as n from "${table_name}"`,
    )) as unknown as { rows: { n: number }[] };
    counts[table_name] = Number(result.rows[0]?.n);
  }
  return counts;
}

beforeAll(async () => {
  server = await startTestServer();
  caller = await registerOrganization(server.app);
  const other = await registerOrganization(server.app);
  own = await createCompanyAndDeal(caller, 'Own Robotics');
  foreign = { ...(await createCompanyAndDeal(other, 'Foreign Robotics')), documentId: '' };
  const document = await uploadAccepted(server.app, other.access_token, SHEET, {
    filename: 'figures.xlsx',
    fields: { deal_id: foreign.dealId },
  });
  // Analysed before the tests count rows, so that no background work writes during them.
  await processed(server.app, other.access_token, document.document_id);
  foreign.documentId = document.document_id;
}, 90_000);
afterAll(async () => {
  await server.close();
});

type Kind = 'deal' | 'company' | 'document';
interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** The url, given the id to name (a query string carries it there). */
  url: (id: string) => string;
  body?: (id: string) => Record<string, unknown>;
  kind: Kind;
}

const ask = { query: 'What is the latest revenue?' };
const ROUTES: Record<string, RouteCase> = {
  'POST /llm-chat/query deal_id': {
    method: 'POST',
    url: () => '/api/v1/llm-chat/query',
    body: (id) => ({ ...ask, deal_id: id }),
    kind: 'deal',
  },
  'POST /llm-chat/query/stream deal_id': {
    method: 'POST',
    url: () => '/api/v1/llm-chat/query/stream',
    body: (id) => ({ ...ask, deal_id: id }),
    kind: 'deal',
  },
  'POST /assistant/tools/get_deal_details deal_id': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/get_deal_details',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /assistant/tools/get_deal_details company_id': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/get_deal_details',
    body: (id) => ({ company_id: id }),
    kind: 'company',
  },
  'POST /assistant/tools/get_financial_metrics deal_id': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/get_financial_metrics',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /assistant/tools/get_financial_metrics company_id': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/get_financial_metrics',
    body: (id) => ({ company_id: id }),
    kind: 'company',
  },
  'POST /assistant/tools/search_documents company_ids': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/search_documents',
    body: (id) => ({ query: 'revenue', company_ids: [own.companyId, id] }),
    kind: 'company',
  },
  'POST /assistant/tools/calculate_metrics deal_id': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/calculate_metrics',
    body: (id) => ({ calculation: 'runway', deal_id: id }),
    kind: 'deal',
  },
  'POST /assistant/tools/calculate_metrics company_id': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/calculate_metrics',
    body: (id) => ({ calculation: 'runway', company_id: id }),
    kind: 'company',
  },
  'POST /assistant/tools/get_red_flags deal_id': {
    method: 'POST',
    url: () => '/api/v1/assistant/tools/get_red_flags',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /deals company_id': {
    method: 'POST',
    url: () => '/api/v1/deals',
    body: (id) => ({ company_id: id, amount_requested: 1_000_000 }),
    kind: 'company',
  },
  'PATCH /deals/{id} company_id': {
    method: 'PATCH',
    url: () => `/api/v1/deals/${own.dealId}`,
    body: (id) => ({ company_id: id }),
    kind: 'company',
  },
  'POST /signals/watchlist/add company_id': {
    method: 'POST',
    url: () => '/api/v1/signals/watchlist/add',
    body: (id) => ({ company_id: id }),
    kind: 'company',
  },
  'GET /signals?company_id': {
    method: 'GET',
    url: (id) => `/api/v1/signals?company_id=${id}`,
    kind: 'company',
  },
  'POST /ic-preparation/generate deal_id': {
    method: 'POST',
    url: () => '/api/v1/ic-preparation/generate',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /smolagent-ic-preparation/generate deal_id': {
    method: 'POST',
    url: () => '/api/v1/smolagent-ic-preparation/generate',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /agents/ic-preparation/generate deal_id': {
    method: 'POST',
    url: () => '/api/v1/agents/ic-preparation/generate',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /agents/workflows/ic-preparation deal_id': {
    method: 'POST',
    url: () => '/api/v1/agents/workflows/ic-preparation',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /agents/research/discover deal_id': {
    method: 'POST',
    url: () => '/api/v1/agents/research/discover',
    body: (id) => ({ deal_id: id, company_name: 'Own Robotics' }),
    kind: 'deal',
  },
  'POST /agents/research/discover?deal_id': {
    method: 'POST',
    url: (id) => `/api/v1/agents/research/discover?deal_id=${id}`,
    body: () => ({ company_name: 'Own Robotics' }),
    kind: 'deal',
  },
  'POST /agents/workflows/new-deal deal_id': {
    method: 'POST',
    url: () => '/api/v1/agents/workflows/new-deal',
    body: (id) => ({ deal_id: id, company_name: 'Own Robotics' }),
    kind: 'deal',
  },
  'POST /agents/workflows/new-deal initial_documents': {
    method: 'POST',
    url: () => '/api/v1/agents/workflows/new-deal',
    body: (id) => ({ deal_id: own.dealId, company_name: 'Own Robotics', initial_documents: [id] }),
    kind: 'document',
  },
  'POST /n8n/upload-deck deal_id': {
    method: 'POST',
    url: () => '/api/v1/n8n/upload-deck',
    body: (id) => ({ deal_id: id, file_name: 'deck.pdf' }),
    kind: 'deal',
  },
  'POST /n8n/metrics-extraction deal_id': {
    method: 'POST',
    url: () => '/api/v1/n8n/metrics-extraction',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /n8n/scenario-forecasts deal_id': {
    method: 'POST',
    url: () => '/api/v1/n8n/scenario-forecasts',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /n8n/ic-memo-draft deal_id': {
    method: 'POST',
    url: () => '/api/v1/n8n/ic-memo-draft',
    body: (id) => ({ deal_id: id }),
    kind: 'deal',
  },
  'POST /knowledge/search company_ids': {
    method: 'POST',
    url: () => '/api/v1/knowledge/search',
    body: (id) => ({ query: 'revenue', company_ids: [own.companyId, id] }),
    kind: 'company',
  },
  'POST /knowledge/notes company_ids': {
    method: 'POST',
    url: () => '/api/v1/knowledge/notes',
    body: (id) => ({ company_ids: [own.companyId, id], body: 'Met the founders.' }),
    kind: 'company',
  },
};

const idOf = (kind: Kind, which: 'foreign' | 'unknown') =>
  which === 'unknown'
    ? randomUUID()
    : kind === 'deal'
      ? foreign.dealId
      : kind === 'company'
        ? foreign.companyId
        : foreign.documentId;

describe.each(['foreign', 'unknown'] as const)(
  "a body or query naming an id not of the caller's organisation (%s)",
  (which) => {
    it.each(Object.keys(ROUTES))('%s answers 404 {detail, code} and writes nothing', async (name) => {
      const route = ROUTES[name] as RouteCase;
      const id = idOf(route.kind, which);
      const before = await tableCounts();
      const response = await call(server.app, route.method, route.url(id), {
        token: caller.access_token,
        ...(route.body ? { body: route.body(id) } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(404);
      expect(response.body).toEqual({ detail: expect.any(String), code: expect.any(String) });
      expect(JSON.stringify(response.body)).not.toContain('Foreign Robotics');
      expect(await tableCounts()).toEqual(before);
    });
  },
);

describe.each(['foreign', 'unknown'] as const)(
  "an upload naming a deal or company not of the caller's organisation (%s)",
  (which) => {
    it.each(['deal', 'company'] as const)(
      'its %s_id field answers 404 {detail, code} and writes nothing',
      async (kind) => {
        const before = await tableCounts();
        const response = await upload(server.app, caller.access_token, SHEET, {
          filename: 'figures.xlsx',
          fields: { [`${kind}_id`]: idOf(kind, which) },
        });
        expect(response.status, JSON.stringify(response.body)).toBe(404);
        expect(response.body).toEqual({ detail: expect.any(String), code: expect.any(String) });
        expect(await tableCounts()).toEqual(before);
      },
    );
  },
);

describe('the OpenAPI document', () => {
  it('documents 404 for every assistant tool route and both chat routes', async () => {
    const response = await call<{ paths: Record<string, { post?: { responses: Record<string, unknown> } }> }>(
      server.app,
      'GET',
      '/api/v1/openapi.json',
    );
    expect(response.status).toBe(200);
    const named = Object.entries(response.body.paths).filter(
      ([path]) => path.startsWith('/api/v1/assistant/tools/') || path.startsWith('/api/v1/llm-chat/query'),
    );
    expect(named.length).toBeGreaterThanOrEqual(10);
    for (const [path, operations] of named) {
      expect(Object.keys(operations.post?.responses ?? {}), path).toContain('404');
    }
  });
});
