import type { AddressInfo } from 'node:net';
import type { TAuthResponse, TSendIcMemoEmailResponse, TWorkflowStatus } from '@atempo/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { insertMemo } from './ic-memo-pdf.fixtures.ts';
import { createDeal } from './ic-memo-pdf.testing.ts';

/** A mail server that refuses every recipient, as a mailbox that does not exist would. */
let refusing: SMTPServer;
let attempts = 0;
let server: TestServer;
let admin: TAuthResponse;

beforeAll(async () => {
  refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      attempts += 1;
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const { port } = refusing.server.address() as AddressInfo;
  server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  admin = await registerOrganization(server.app);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => refusing?.close(() => resolve()));
});

it('retries an email the mail server refuses, then shows it failed with the server’s reason', async () => {
  const deal = await createDeal(server.app, admin.access_token);
  const memoId = await insertMemo(server.database.db, {
    organizationId: admin.organization.id,
    dealId: deal.id,
  });
  const response = await call<TSendIcMemoEmailResponse>(
    server.app,
    'POST',
    `/api/v1/ic-preparation/${memoId}/email`,
    {
      token: admin.access_token,
      body: { recipients: 'nobody@fund.example' },
    },
  );
  expect(response.status).toBe(202);

  let status: TWorkflowStatus | undefined;
  await expect
    .poll(
      async () => {
        status = (
          await call<TWorkflowStatus>(
            server.app,
            'GET',
            `/api/v1/agents/workflows/${response.body.execution_id}/status`,
            {
              token: admin.access_token,
            },
          )
        ).body;
        return status.status;
      },
      { timeout: 110_000, interval: 500 },
    )
    .toBe('failed');
  expect(status!.error).toMatch(/^send_email: .*550 Mailbox unavailable/);
  expect(status!.steps).toEqual([
    expect.objectContaining({ name: 'send_email', status: 'failed', error: expect.stringContaining('550') }),
  ]);
  // The first attempt and the job queue's two retries.
  expect(attempts).toBe(3);
}, 150_000);
