import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';

/** The document promises what the platform answers: every status it can produce, every media type. */

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
}

let server: TestServer;
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  server = await startTestServer();
  const document = (await server.app.inject({ url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
});
afterAll(async () => server?.close());

describe('OpenAPI error statuses', () => {
  it('lists, for every operation, each error status the platform can answer for it', () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const { method, path, operation } of operations) {
      const expected: number[] = [];
      if (operation.security?.length) expected.push(401);
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) expected.push(400, 413, 415);
      if (operation.requestBody || operation.parameters?.length) expected.push(422);
      if (operation.parameters?.some((parameter) => parameter.in === 'path')) expected.push(400, 414);
      const declared = Object.keys(operation.responses).map(Number);
      for (const status of expected)
        expect(declared, `${method} ${path} documents ${status}`).toContain(status);
    }
  });

  it('documents every 4xx as JSON {detail, code}', () => {
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400 || Number(status) >= 500) continue;
        const schema = response.content?.['application/json']?.schema;
        expect(schema?.required, `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(['detail', 'code']),
        );
      }
    }
  });
});

describe('OpenAPI media types', () => {
  it('documents the CSV exports as text/csv', () => {
    for (const path of ['/api/v1/deals/export', '/api/v1/companies/export']) {
      const operation = operations.find((entry) => entry.path === path && entry.method === 'GET')!.operation;
      expect(Object.keys(operation.responses['200']?.content ?? {}), path).toEqual(['text/csv']);
    }
  });

  it('documents the CSV imports as a multipart/form-data file', () => {
    for (const path of ['/api/v1/deals/import', '/api/v1/companies/import']) {
      const operation = operations.find((entry) => entry.path === path && entry.method === 'POST')!.operation;
      const multipart = operation.requestBody?.content['multipart/form-data'];
      expect(multipart?.schema.properties?.file, path).toMatchObject({ type: 'string', format: 'binary' });
    }
  });
});
