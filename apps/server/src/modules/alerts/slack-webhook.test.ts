import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackCatcher, startSlackCatcher } from '../signals/signals.fixtures.ts';
import { postSlackMessage, WebhookRefused, webhookHint, webhookUrlProblem } from './slack-webhook.ts';

const MESSAGE = {
  text: 'Atempo alert: test',
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'hi' } }],
};

let slack: SlackCatcher;
let redirector: Server;
let redirectUrl: string;

beforeAll(async () => {
  slack = await startSlackCatcher();
  redirector = createServer((_request, response) => {
    response.writeHead(302, { location: slack.url }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await slack?.close();
  await new Promise<void>((resolve) => redirector.close(() => resolve()));
});

describe('Slack webhook guard', () => {
  it('refuses URLs that are not https or point inside, unless private networks are allowed', () => {
    expect(webhookUrlProblem('https://hooks.slack.com/services/T/B/X', false)).toBeNull();
    expect(webhookUrlProblem('http://hooks.slack.com/services/T/B/X', false)).toBe('must be an https URL');
    expect(webhookUrlProblem('https://127.0.0.1/hook', false)).toBe('must not point to a private address');
    expect(webhookUrlProblem('https://[::1]/hook', false)).toBe('must not point to a private address');
    expect(webhookUrlProblem('https://localhost/hook', false)).toBe('must not point to a private address');
    expect(webhookUrlProblem('https://user:pw@hooks.slack.com/x', false)).toBe(
      'must not contain credentials',
    );
    expect(webhookUrlProblem('javascript:alert(1)', true)).toBe('must be an https URL');
    expect(webhookUrlProblem('http://127.0.0.1:9/hook', true)).toBeNull();
  });

  it('never refuses less at posting time than at saving time', async () => {
    await expect(
      postSlackMessage(slack.url, MESSAGE, { allowPrivateNetworks: false }),
    ).rejects.toBeInstanceOf(WebhookRefused);
    expect(slack.bodies).toHaveLength(0);
  });

  it('posts text and blocks, and fails on an error answer or a redirect', async () => {
    await postSlackMessage(slack.url, MESSAGE, { allowPrivateNetworks: true });
    expect(slack.bodies).toEqual([MESSAGE]);
    slack.failWith = 500;
    await expect(postSlackMessage(slack.url, MESSAGE, { allowPrivateNetworks: true })).rejects.toThrow(
      'Slack answered 500',
    );
    slack.failWith = null;
    await expect(postSlackMessage(redirectUrl, MESSAGE, { allowPrivateNetworks: true })).rejects.toThrow();
    expect(slack.bodies).toHaveLength(1);
  });

  it('hints at a URL without giving it away', () => {
    const hint = webhookHint('https://hooks.slack.com/services/T000/B000/secretwebhooktoken');
    expect(hint).toBe('https://hooks.slack.com/services/T0…oken');
    expect(hint).not.toContain('secretwebhook');
  });
});
