import path from 'node:path';
import { makeXlsx } from '@atempo/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../platform/storage/index.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3-server.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { filesUnder, processed, uploadAccepted } from './documents.fixtures.ts';

let s3: LocalS3;
let server: TestServer;
let token: string;
let organizationId: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startTestServer({ env: s3.env });
  const admin = await registerOrganization(server.app);
  token = admin.access_token;
  organizationId = admin.organization.id;
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe('documents with STORAGE=s3', () => {
  it('keeps the bytes in the bucket, analyses them from there, serves them back and deletes them', async () => {
    const bytes = makeXlsx([
      {
        name: 'P&L',
        rows: [
          [null, 'FY2024'],
          ['Revenue', 4_200_000],
        ],
      },
    ]);
    const answer = await uploadAccepted(server.app, token, bytes, { filename: 'model.xlsx' });
    const document = await processed(server.app, token, answer.document_id);
    expect(document.status).toBe('completed');
    expect(document.analysis?.key_metrics.revenue?.value).toBe(4_200_000);

    // The object is in the bucket under the organisation and the sha256; nothing under DATA_DIR/files.
    const bucket = new S3Storage(s3.config);
    expect(await bucket.exists(organizationId, document.sha256)).toBe(true);
    expect(filesUnder(path.join(server.config.dataDir, 'files'))).toEqual([]);

    const download = await server.app.inject({
      url: `/api/v1/documents/${answer.document_id}/download`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );

    const deleted = await call(server.app, 'DELETE', `/api/v1/documents/${answer.document_id}`, { token });
    expect(deleted.status).toBe(200);
    expect(await bucket.exists(organizationId, document.sha256)).toBe(false);
    bucket.close();
  }, 120_000);
});
