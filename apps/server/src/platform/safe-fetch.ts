import dns from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type AddressVerdict, classifyAddress, isIpLiteral } from './network-address.ts';
import { VERSION } from './version.ts';

/**
 * HTTP requests the server makes to addresses users typed in (feeds, webhooks), guarded against
 * server-side request forgery and against answers that would exhaust it (decision 031):
 *
 * - the host is resolved once, every address it resolves to must be public (network-address.ts),
 *   and the socket connects to the address that was checked (the resolver is our `lookup`), so a
 *   second DNS answer cannot swap in a private address between the check and the connection;
 * - redirects are followed by hand, at most `maxRedirects`, each target checked the same way;
 * - the whole exchange has one deadline, and the body is counted as it streams (after
 *   decompression, so a small gzip cannot expand past the limit), whatever Content-Length says.
 *
 * `allowPrivateNetworks` (FETCH_ALLOW_PRIVATE_NETWORKS) lifts only the address check, for tests and
 * closed networks.
 */

export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const USER_AGENT = `Atempo/${VERSION} (funding-news feed reader)`;

export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'blocked_address'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  allowPrivateNetworks: boolean;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Which addresses count as public; absent: classifyAddress. Tests let a 127.0.0.1 server stand in
   * for a public host this way, to see where its redirects may lead.
   */
  addressPolicy?: (address: string) => AddressVerdict;
}

export interface SafeFetchResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  redirects: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** ipaddr.js's range names as people write them. */
const RANGE_LABELS: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  broadcast: 'broadcast',
  unspecified: 'unspecified',
  reserved: 'reserved',
  rfc6052: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
};

/**
 * For a name, the sentence says what kind of address it resolved to but not the address: admins
 * must not be able to map the internal network by typing names in.
 */
function blocked(host: string, range: string): SafeFetchError {
  const label = RANGE_LABELS[range] ?? 'special-purpose';
  return new SafeFetchError(
    'blocked_address',
    `${host} is not a public address (${label}); requests to private networks are not allowed`,
  );
}

/** Resolves with every address, refuses the lot if any is not public, and hands net the checked ones. */
function guardedLookup(options: SafeFetchOptions): LookupFunction {
  const { allowPrivateNetworks } = options;
  const policy = options.addressPolicy ?? classifyAddress;
  return (hostname, lookupOptions, callback) => {
    const { family, hints } = lookupOptions;
    dns.lookup(hostname, { all: true, family, hints }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) {
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      }
      if (!allowPrivateNetworks) {
        for (const { address } of addresses) {
          const verdict = policy(address);
          if (!verdict.public) return callback(blocked(hostname, verdict.range), '', 0);
        }
      }
      if (lookupOptions.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [dns.LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

function parseTarget(raw: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError('invalid_url', `Not a valid URL: ${String(raw).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError(
      'invalid_url',
      `Only http and https addresses can be fetched, not ${url.protocol}`,
    );
  }
  return url;
}

function checkLiteral(url: URL, options: SafeFetchOptions): void {
  // net.connect skips the lookup for an IP literal, so the check happens here instead.
  if (options.allowPrivateNetworks || !isIpLiteral(url.hostname)) return;
  const verdict = (options.addressPolicy ?? classifyAddress)(url.hostname.replace(/^\[|\]$/g, ''));
  if (!verdict.public) throw blocked(verdict.address, verdict.range);
}

function decoded(response: IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

async function readLimited(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError('too_large', `The response is larger than ${megabytes(maxBytes)}`);
  }
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes)
        throw new SafeFetchError('too_large', `The response is larger than ${megabytes(maxBytes)}`);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('network', `The response could not be read: ${(error as Error).message}`);
  } finally {
    response.destroy();
    stream.destroy();
  }
  return Buffer.concat(chunks, size);
}

interface Hop {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

function send(hop: Hop, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = hop.url.protocol === 'https:' ? https : http;
    const request = client.request(
      hop.url,
      {
        method: hop.method,
        headers: hop.headers,
        // A fresh connection per request: a pooled socket was checked for another host's address.
        agent: false,
        lookup: guardedLookup(options),
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end(hop.body);
  });
}

function describeNetworkError(error: Error & { code?: string }, url: URL): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
    return new SafeFetchError('network', `${url.hostname} could not be resolved`);
  }
  if (error.code === 'ECONNREFUSED')
    return new SafeFetchError('network', `${url.host} refused the connection`);
  return new SafeFetchError('network', `${url.host} could not be reached: ${error.message}`);
}

/** One guarded request; see the module comment. Throws SafeFetchError, never anything else. */
export async function safeFetch(target: string | URL, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = () =>
    new SafeFetchError('timeout', `No complete answer within ${Math.round(timeoutMs / 100) / 10} seconds`);

  let hop: Hop = {
    url: parseTarget(target),
    method: options.method ?? 'GET',
    headers: {
      'user-agent': USER_AGENT,
      'accept-encoding': 'gzip, deflate, br',
      ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    },
    body: options.body,
  };
  try {
    for (let redirects = 0; ; redirects += 1) {
      checkLiteral(hop.url, options);
      let response: IncomingMessage;
      try {
        response = await send(hop, options, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) throw timedOut();
        throw describeNetworkError(error as Error, hop.url);
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.resume();
        if (redirects >= maxRedirects) {
          throw new SafeFetchError('too_many_redirects', `More than ${maxRedirects} redirects`);
        }
        const next = parseTarget(location, hop.url);
        const headers = { ...hop.headers };
        if (next.origin !== hop.url.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
        // 303, and 301/302 after a POST as browsers do, continue as a GET without the body.
        const asGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST');
        hop = asGet
          ? { url: next, method: 'GET', headers, body: undefined }
          : { url: next, method: hop.method, headers, body: hop.body };
        continue;
      }
      try {
        const body = await readLimited(response, maxBytes);
        return { status, url: hop.url.toString(), headers: response.headers, body, redirects };
      } catch (error) {
        if (controller.signal.aborted) throw timedOut();
        throw error;
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
