import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * A minimal, guarded POST to a Slack incoming webhook. The URL is an admin's, but the server is
 * the one calling it, so it must not become a way into the private network: https only, no
 * private, loopback or link-local address (unless FETCH_ALLOW_PRIVATE_NETWORKS, for tests and
 * closed networks), no redirects, a timeout. At merge this moves onto platform/safe-fetch.ts,
 * which also pins the resolved address for the connection (closing the DNS-rebinding gap).
 */

export const SLACK_TIMEOUT_MS = 10_000;

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return PRIVATE.check(address, 'ipv6');
  return true;
}

export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

/** Why a webhook URL cannot be used as given (without looking it up), or null when it can. */
export function webhookUrlProblem(raw: string, allowPrivateNetworks: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be a valid URL';
  }
  if (url.username || url.password) return 'must not contain credentials';
  if (allowPrivateNetworks)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be an https URL';
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point to a private address';
  if (isIP(host) && isPrivateAddress(host)) return 'must not point to a private address';
  return null;
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
  const url = new URL(webhookUrl);
  if (!options.allowPrivateNetworks) {
    const addresses = await lookup(url.hostname, { all: true, verbatim: true });
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
      throw new WebhookRefused('Slack webhook host resolves to a private address');
    }
  }
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs ?? SLACK_TIMEOUT_MS),
  });
  // Slack answers "ok" as text; nothing in the body is needed, only that it was accepted.
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Slack answered ${response.status}`);
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
