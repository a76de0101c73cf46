import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_DETAIL, UPLOAD_UNSUPPORTED_TYPE_DETAIL } from '@atempo/contracts';
import { makeExecutable, makePdf, makeXlsx } from '@atempo/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { filesUnder, multipartBody, upload } from './documents.fixtures.ts';

let server: TestServer;
let token: string;
let otherDealId: string;
let dealId: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await registerOrganization(server.app);
  token = admin.access_token;
  const company = await createCompany(server.app, token, { name: 'Rejections Ltd' });
  dealId = (await createDeal(server.app, token, { company_id: company.id, amount_requested: 1_000_000 })).id;
  const other = await registerOrganization(server.app);
  const otherCompany = await createCompany(server.app, other.access_token, { name: 'Elsewhere GmbH' });
  otherDealId = (
    await createDeal(server.app, other.access_token, {
      company_id: otherCompany.id,
      amount_requested: 500_000,
    })
  ).id;
});
afterAll(async () => server?.close());

async function countRows(): Promise<Record<string, number | string[]>> {
  const { rows } = await server.database.executeSql(
    `select (select count(*)::int from documents) as documents,
            (select count(*)::int from stored_files) as stored_files,
            (select count(*)::int from workflow_executions) as workflow_executions,
            (select count(*)::int from deal_activity where kind = 'document_added') as activity`,
  );
  return { ...(rows[0] as Record<string, number>), files: storedAndTemporaryFiles() };
}

/** Nothing stored and nothing left in the upload's temporary folder. */
function storedAndTemporaryFiles(): string[] {
  return [
    ...filesUnder(path.join(server.config.dataDir, 'files')),
    ...filesUnder(path.join(server.config.dataDir, 'tmp')),
  ];
}

async function expectNothingWritten(before: Record<string, number | string[]>) {
  expect(await countRows()).toEqual(before);
}

describe('refused uploads store nothing', () => {
  it('answers 413 with the spec’s detail for a file over 10 MB, whatever it is', async () => {
    const before = await countRows();
    const pdf = await makePdf(['Revenue FY2024: EUR 4.2m']);
    const tooLarge = Buffer.concat([pdf, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - pdf.length, 0x20)]);
    const response = await upload(server.app, token, tooLarge, { filename: 'big.pdf' });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: UPLOAD_TOO_LARGE_DETAIL, code: 'UPLOAD_TOO_LARGE' });
    await expectNothingWritten(before);
  });

  it('accepts a file of exactly 10 MB (the limit is inclusive)', async () => {
    const pdf = await makePdf(['Exactly at the limit']);
    const atLimit = Buffer.concat([pdf, Buffer.alloc(MAX_UPLOAD_BYTES - pdf.length, 0x20)]);
    const response = await upload(server.app, token, atLimit, { filename: 'limit.pdf' });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body.file_size).toBe(MAX_UPLOAD_BYTES);
  });

  it('answers 415 for an executable named .pdf and a text file named .xlsx, whatever their declared type', async () => {
    const before = await countRows();
    const exe = makeExecutable();
    for (const [bytes, filename, contentType] of [
      [exe, 'deck.pdf', 'application/pdf'],
      [
        Buffer.from('Revenue,4200000\nEBITDA,-300000\n'),
        'model.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      [
        Buffer.alloc(0),
        'empty.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
    ] as const) {
      const response = await upload(server.app, token, bytes, { filename, contentType });
      expect(response.status, filename).toBe(415);
      expect(response.body).toEqual({
        detail: UPLOAD_UNSUPPORTED_TYPE_DETAIL,
        code: 'UPLOAD_UNSUPPORTED_TYPE',
      });
    }
    await expectNothingWritten(before);
  });

  it('answers 404 for another organisation’s deal or an unknown company id, and 422 for a malformed one', async () => {
    const before = await countRows();
    const xlsx = makeXlsx([{ name: 'Sheet1', rows: [['Revenue', 100]] }]);
    const foreignDeal = await upload(server.app, token, xlsx, {
      path: '/api/v1/workflows/document-processing',
      fields: { deal_id: otherDealId, company_name: 'Elsewhere GmbH' },
      filename: 'model.xlsx',
    });
    expect(foreignDeal.status).toBe(404);
    expect(foreignDeal.body.code).toBe('NOT_FOUND');
    const unknownCompany = await upload(server.app, token, xlsx, { fields: { company_id: randomUUID() } });
    expect(unknownCompany.status).toBe(404);
    const malformed = await upload(server.app, token, xlsx, {
      path: '/api/v1/workflows/document-processing',
      fields: { deal_id: 'not-a-uuid', company_name: 'Rejections Ltd' },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.[0]?.path).toBe('deal_id');
    const missing = await upload(server.app, token, xlsx, {
      path: '/api/v1/workflows/document-processing',
      fields: { deal_id: dealId },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/company_name is required/);
    await expectNothingWritten(before);
  });

  it('answers 400 without a file, for a second file, and for a broken body', async () => {
    const before = await countRows();
    const pdf = await makePdf(['One']);
    const send = (payload: Buffer | string, contentType: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/document-processing/process',
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        payload,
      });
    const boundary = 'multipart/form-data; boundary=----atempo-document-boundary';
    const noFile = await send('--x--', 'multipart/form-data; boundary=x');
    expect(noFile.statusCode).toBe(400);
    const json = await send('{"file": "x"}', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('FILE_REQUIRED');
    const filePart = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `------atempo-document-boundary\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`,
        ),
        pdf,
        Buffer.from('\r\n'),
      ]);
    const twoFiles = Buffer.concat([
      filePart('a.pdf'),
      filePart('b.pdf'),
      Buffer.from('------atempo-document-boundary--\r\n'),
    ]);
    const twice = await send(twoFiles, boundary);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('ONE_FILE_ONLY');
    const body = multipartBody(pdf, { filename: 'a.pdf' });
    const truncated = await send(body.subarray(0, body.length - 40), boundary);
    expect(truncated.statusCode).toBe(400);
    await expectNothingWritten(before);
  });

  it('asks for a token before reading anything', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/workflows/document-processing',
      headers: { 'content-type': 'multipart/form-data; boundary=----atempo-document-boundary' },
      payload: multipartBody(await makePdf(['x'])),
    });
    expect(response.statusCode).toBe(401);
  });
});
