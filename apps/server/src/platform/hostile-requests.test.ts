import { makeDocx } from '@atempo/documents/testing';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FINANCIAL_MODEL, insertDocument } from '../modules/deal-intelligence/document-rows.fixtures.ts';
import { createCompany, createDeal } from '../modules/deals/pipeline.fixtures.ts';
import { processed, uploadAccepted } from '../modules/documents/documents.fixtures.ts';
import { addMember, invite, registerOrganization, uniqueEmail } from '../test/fixtures.ts';
import {
  describeRequest,
  type HostileRequest,
  hostileRequests,
  type OpenApiOperation,
} from '../test/hostile-requests.ts';
import type { Context, JsonSchema } from '../test/hostile-values.ts';
import { call, startTestServer } from '../test/server.ts';

/**
 * Every operation of the app's own OpenAPI document gets hostile requests (wrong types, NUL,
 * lone surrogates, denormal and huge numbers, deep nesting, prototype keys, over-long and
 * malformed ids, broken JSON and multipart). None may answer 5xx; every 4xx is {detail, code} and
 * a status the document lists; a request that fails writes nothing; the server stays healthy.
 * HOSTILE_RUNS sets the requests per operation, HOSTILE_SEED replays a failure.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;

// Rows a failing request must not leave behind. login_throttles records failed sign-ins on purpose;
// password_reset_tokens are written by the e-mail job a successful forgot-password queued.
const TABLES = [
  'organizations',
  'users',
  'invitations',
  'refresh_tokens',
  'theses',
  'companies',
  'deals',
  'deal_number_counters',
  'watchlist_entries',
  'documents',
  'stored_files',
  'workflow_executions',
  'deal_activity',
  'knowledge_interactions',
  'knowledge_interaction_companies',
  'knowledge_chunks',
  'api_keys',
  'integration_connections',
  'oauth_states',
  'sharepoint_settings',
  'drive_items',
  'ingestion_schedules',
];

const server = await startTestServer();
const { app } = server;
const admin = await registerOrganization(app);
const token = admin.access_token;
const company = await createCompany(app, token, { name: 'Seeded Company Ltd' });
const deal = await createDeal(app, token, { company_id: company.id, amount_requested: 2_000_000 });
const member = await addMember(app, admin);
const invitation = await invite(app, admin, uniqueEmail('invited'));
const watch = await call<{ id: string }>(app, 'POST', '/api/v1/signals/watchlist/add', {
  token,
  body: { company_id: company.id },
});
// An analysed document of the deal, as the upload pipeline leaves it, so its routes are fuzzed found.
const analysedDocumentId = await insertDocument(server.database.db, {
  organizationId: admin.organization.id,
  dealId: deal.id,
  companyId: company.id,
  name: 'Seeded model.xlsx',
  format: 'xlsx',
  createdAt: new Date(),
  documentType: 'financial_model',
  analysis: FINANCIAL_MODEL,
});
const uploaded = await uploadAccepted(app, token, await makeDocx(['Hostile requests seed document']), {
  filename: 'seed.docx',
});
await processed(app, token, uploaded.document_id);
const document = (await app.inject({ url: '/api/v1/openapi.json' })).json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
const context: Context = {
  ids: [
    company.id,
    deal.id,
    member.user.id,
    invitation.id,
    watch.body.id,
    uploaded.document_id,
    uploaded.execution_id,
    analysedDocumentId,
  ],
  token,
  components: document.components?.schemas ?? {},
};
const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

afterAll(async () => server.close());

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await server.database.executeSql(
    `select ${TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ')}`,
  );
  return rows[0] as Record<string, number>;
}

async function send(request: HostileRequest) {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body.slice(0, 300);
  }
  return { status: response.statusCode, contentType: String(response.headers['content-type']), body };
}

describe('hostile requests against every operation of the OpenAPI document', () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  for (const { method, path, operation } of operations) {
    it(`${method} ${path}`, async () => {
      const documented = new Set(Object.keys(operation.responses).map(Number));
      await fc.assert(
        fc.asyncProperty(hostileRequests(method, path, operation, context), async (request) => {
          const before = await rowCounts();
          const response = await send(request);
          const report = `${describeRequest(request)}\n→ ${response.status} ${JSON.stringify(response.body).slice(0, 400)}`;
          // 5xx only where the document promises it on purpose (501 not configured, 503 unhealthy); never 500.
          if (response.status >= 500) {
            expect(response.status, `answered 500:\n${report}`).not.toBe(500);
            expect(documented.has(response.status), `answered an undocumented 5xx:\n${report}`).toBe(true);
            return;
          }
          if (response.status < 400) return;
          expect(response.contentType, `error not JSON:\n${report}`).toMatch(/^application\/json/);
          expect(response.body, `error without {detail, code}:\n${report}`).toMatchObject({
            detail: expect.any(String),
            code: expect.any(String),
          });
          expect(documented.has(response.status), `status not in the document:\n${report}`).toBe(true);
          expect(await rowCounts(), `a failed request wrote rows:\n${report}`).toEqual(before);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const health = await call(app, 'GET', '/health');
      expect(health.status, 'healthy after the hostile requests').toBe(200);
      const me = await call(app, 'GET', '/api/v1/users/me', { token });
      expect(me.status, 'still serving the signed-in admin').toBe(200);
    }, 120_000);
  }
});
