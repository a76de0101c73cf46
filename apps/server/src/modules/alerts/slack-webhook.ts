import { slackWebhookUrlShapeProblem } from '@atempo/contracts';
import { isIpLiteral, isPublicAddress } from '../../platform/network-address.ts';
import { SafeFetchError, safeFetch } from '../../platform/safe-fetch.ts';

/**
 * A guarded POST to a Slack incoming webhook. The URL is an admin's, but the server is the one
 * calling it, so it must not become a way into the private network: https only, and the request
 * goes through platform/safe-fetch (public addresses only unless FETCH_ALLOW_PRIVATE_NETWORKS, the
 * checked address pinned for the connection, no redirects, a timeout, a bounded answer).
 */

export const SLACK_TIMEOUT_MS = 10_000;
/** Slack answers "ok"; anything long is not Slack. */
const SLACK_ANSWER_MAX_BYTES = 64 * 1024;

export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

/** Why a webhook URL cannot be used as given (without looking it up), or null when it can. */
export function webhookUrlProblem(raw: string, allowPrivateNetworks: boolean): string | null {
  const shape = slackWebhookUrlShapeProblem(raw, allowPrivateNetworks);
  if (shape || allowPrivateNetworks) return shape;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point to a private address';
  if (isIpLiteral(host) && !isPublicAddress(host)) return 'must not point to a private address';
  return null;
}

/** Slack (or whatever answers at the URL) took the post but answered an error status. */
export class SlackAnswerError extends Error {
  override name = 'SlackAnswerError';

  constructor(readonly status: number) {
    super(`Slack answered ${status}`);
  }
}

export interface SlackMessage {
  text: string;
  blocks: unknown[];
}

export async function postSlackMessage(
  webhookUrl: string,
  message: SlackMessage,
  options: { allowPrivateNetworks: boolean; timeoutMs?: number },
): Promise<void> {
  const problem = webhookUrlProblem(webhookUrl, options.allowPrivateNetworks);
  if (problem) throw new WebhookRefused(`Slack webhook URL ${problem}`);
  try {
    const response = await safeFetch(webhookUrl, {
      allowPrivateNetworks: options.allowPrivateNetworks,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      timeoutMs: options.timeoutMs ?? SLACK_TIMEOUT_MS,
      maxBytes: SLACK_ANSWER_MAX_BYTES,
      maxRedirects: 0,
    });
    if (response.status < 200 || response.status >= 300) throw new SlackAnswerError(response.status);
  } catch (error) {
    if (error instanceof SafeFetchError && error.code === 'blocked_address') {
      throw new WebhookRefused(`Slack webhook ${error.message}`);
    }
    throw error;
  }
}

/** "https://hooks.slack.com/services/T0…abcd": enough to recognise, not enough to use. */
export function webhookHint(raw: string): string {
  try {
    const url = new URL(raw);
    const path = url.pathname;
    const head = path.slice(0, Math.min(12, Math.max(0, path.length - 4)));
    return `${url.protocol}//${url.host}${head}…${path.slice(-4)}`;
  } catch {
    return '…';
  }
}
