import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerOrganization, uniqueEmail } from '../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../test/server.ts';

/** The failures issue #6 §4 listed, each answering a 4xx {detail, code} and writing nothing. */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await registerOrganization(server.app)).access_token;
});
afterAll(async () => server?.close());

async function count(table: string): Promise<number> {
  const { rows } = await server.database.executeSql(`select count(*)::int as n from ${table}`);
  return rows[0]!.n as number;
}

function expectErrorShape(body: unknown) {
  expect(body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
}

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in the unauthenticated registration with 422 naming the field', async () => {
    const before = await count('organizations');
    const response = await call(server.app, 'POST', '/api/v1/auth/register/organization', {
      body: {
        organization_name: 'Nul\u0000 Capital',
        email: uniqueEmail(),
        password: PASSWORD,
        first_name: 'Ada',
        last_name: 'Lovelace',
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors).toEqual([
      { path: 'organization_name', message: expect.stringMatching(/NUL/) },
    ]);
    expect(await count('organizations')).toBe(before);
  });

  it('refuses a lone surrogate in a company name and stores nothing', async () => {
    const before = await count('companies');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/companies',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"name":"Lone \\ud800 Ltd"}',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'name', message: expect.stringMatching(/surrogate/) }]);
    expect(await count('companies')).toBe(before);
  });

  it('names nested fields and keys, in query strings and path parameters too', async () => {
    const nested = await call(server.app, 'POST', '/api/v1/companies', {
      token,
      body: { name: 'Nested Ltd', investors: ['Fine', 'Bad\u0000'] },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.errors?.[0]?.path).toBe('investors.1');

    const query = await call(server.app, 'GET', '/api/v1/companies?search=a%00b', { token });
    expect(query.status).toBe(422);
    expect(query.body.errors?.[0]?.path).toBe('search');

    const param = await call(server.app, 'GET', '/api/v1/deals/%00', { token });
    expect(param.status).toBe(422);
    expect(param.body.errors?.[0]?.path).toBe('id');
  });

  it('keeps well-formed text: emoji (surrogate pairs) and accents are stored as sent', async () => {
    const response = await call<{ name: string }>(server.app, 'POST', '/api/v1/companies', {
      token,
      body: { name: 'Café 🚀 Ltd' },
    });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('Café 🚀 Ltd');
  });
});

describe('numbers PostgreSQL cannot store', () => {
  it('answers 422 for a denormal confidence score and writes nothing', async () => {
    const before = await count('companies');
    const response = await call(server.app, 'POST', '/api/v1/companies', {
      token,
      body: { name: 'Denormal Ltd', confidence_score: 5e-324 },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.[0]?.path).toBe('confidence_score');
    expect(await count('companies')).toBe(before);
  });

  it('answers 422 for metrics that would overflow the scoring maths', async () => {
    const before = await count('deals');
    const response = await call(server.app, 'POST', '/api/v1/deals', {
      token,
      body: {
        company_name: 'Overflow Ltd',
        amount_requested: 1e6,
        financial_metrics: { monthly_burn: 1e308 },
      },
    });
    expect(response.status).toBe(422);
    expect(await count('deals')).toBe(before);
  });
});

describe('broken multipart bodies', () => {
  for (const kind of ['deals', 'companies']) {
    it(`answers 400 for an unterminated upload to the ${kind} import`, async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/${kind}/import`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XX' },
        payload:
          '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname\r\nAcme\r\n',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'The upload is incomplete or malformed; send the file again',
        code: 'MALFORMED_MULTIPART',
      });
    });
  }

  it('answers 4xx and imports nothing when a NUL byte hides past the binary sniffing', async () => {
    const before = await count('companies');
    const rows = Array.from({ length: 400 }, (_, index) => `Company number ${index} Ltd`);
    rows.push('Hidden\u0000 Ltd');
    const csv = Buffer.from(`name\r\n${rows.join('\r\n')}\r\n`);
    const payload = Buffer.concat([
      Buffer.from('--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n'),
      csv,
      Buffer.from('\r\n--XX--\r\n'),
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/companies/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XX' },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorShape(response.json());
    expect(await count('companies')).toBe(before);
  });
});

describe('router errors answer through the one error handler', () => {
  it('answers 400 {detail, code} for a malformed percent-escape', async () => {
    const response = await call(server.app, 'GET', '/api/v1/deals/%E0%A4%A', { token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.any(String), code: 'MALFORMED_URL' });
  });

  it('answers 414 {detail, code} for an over-long id, 422 for a long one', async () => {
    const tooLong = await call(server.app, 'GET', `/api/v1/deals/${'a'.repeat(500)}`, { token });
    expect(tooLong.status).toBe(414);
    expect(tooLong.body).toEqual({ detail: expect.any(String), code: 'URI_TOO_LONG' });
    const long = await call(server.app, 'GET', `/api/v1/companies/${'a'.repeat(150)}`, { token });
    expect(long.status).toBe(422);
    expectErrorShape(long.body);
  });

  it('answers a request Node cannot parse with {detail, code} over a real socket', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expectErrorShape(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)));
  });
});
