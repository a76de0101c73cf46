import type { TAlertSettings, TAuthResponse } from '@atempo/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { type SlackCatcher, startSlackCatcher } from '../signals/signals.fixtures.ts';

/**
 * POST /organizations/current/alert-settings/test against a local stand-in for a Slack incoming
 * webhook (plain HTTP on 127.0.0.1, so one server allows private networks and one does not).
 */

let slack: SlackCatcher;
let open: TestServer;
let guarded: TestServer;
let admin: TAuthResponse;
let member: TAuthResponse;

const TEST_PATH = '/api/v1/organizations/current/alert-settings/test';
const saveUrl = (server: TestServer, token: string, url: string | null) =>
  call<TAlertSettings>(server.app, 'PUT', '/api/v1/organizations/current/alert-settings', {
    token,
    body: { slack_webhook_url: url },
  });
const sendTest = (server: TestServer, token: string) => call(server.app, 'POST', TEST_PATH, { token });

beforeAll(async () => {
  slack = await startSlackCatcher();
  open = await startTestServer({ env: { FETCH_ALLOW_PRIVATE_NETWORKS: 'true' } });
  guarded = await startTestServer({ database: open.database });
  admin = await registerOrganization(open.app);
  member = await addMember(open.app, admin);
});
afterAll(async () => {
  await guarded?.close();
  await open?.close();
  await slack?.close();
});
beforeEach(() => {
  slack.bodies.length = 0;
  slack.failWith = null;
});

describe('POST /organizations/current/alert-settings/test', () => {
  it('asks for a URL first when none is saved', async () => {
    await saveUrl(open, admin.access_token, null);
    const response = await sendTest(open, admin.access_token);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      detail: 'Save a Slack webhook URL before sending a test message',
      code: 'SLACK_NOT_CONFIGURED',
    });
  });

  it('posts a test message with text and blocks to the saved webhook', async () => {
    expect((await saveUrl(open, admin.access_token, slack.url)).status).toBe(200);
    const response = await sendTest(open, admin.access_token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(slack.bodies).toHaveLength(1);
    expect(slack.bodies[0]).toMatchObject({
      text: expect.stringContaining('Atempo test message'),
      blocks: [{ type: 'section' }],
    });
  });

  it("says what Slack answered when it refuses, without the server's internals", async () => {
    await saveUrl(open, admin.access_token, slack.url);
    slack.failWith = 404;
    const refused = await sendTest(open, admin.access_token);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      detail: 'Slack refused the test message (HTTP 404): check the webhook URL',
      code: 'SLACK_REFUSED',
    });
    slack.failWith = 500;
    const down = await sendTest(open, admin.access_token);
    expect(down.body.detail).toBe('Slack could not take the test message (HTTP 500): try again later');
    expect(slack.bodies).toHaveLength(0);
  });

  it('says when nothing answers at the URL', async () => {
    const closed = await startSlackCatcher();
    await closed.close();
    await saveUrl(open, admin.access_token, closed.url);
    const response = await sendTest(open, admin.access_token);
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      detail: 'Slack could not be reached at the saved webhook URL',
      code: 'SLACK_UNREACHABLE',
    });
    expect(JSON.stringify(response.body)).not.toContain('127.0.0.1');
  });

  it('goes through the SSRF guard: a private address saved while allowed is refused where it is not', async () => {
    await saveUrl(open, admin.access_token, slack.url);
    const response = await sendTest(guarded, admin.access_token);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('SLACK_WEBHOOK_REFUSED');
    expect(response.body.detail).toBe('Slack webhook URL must be an https URL');
    expect(slack.bodies).toHaveLength(0);
  });

  it('is for admins only', async () => {
    await saveUrl(open, admin.access_token, slack.url);
    const response = await sendTest(open, member.access_token);
    expect(response.status).toBe(403);
    expect((await call(open.app, 'POST', TEST_PATH)).status).toBe(401);
    expect(slack.bodies).toHaveLength(0);
  });
});
