import { backoffMs, retryAfterSeconds } from './backoff.ts';
import { GraphError, kindForStatus, RETRYABLE_STATUSES, readGraphErrorCode } from './graph-error.ts';
import { isSecureEnough } from './loopback.ts';
import { OAuthError } from './oauth-error.ts';
import { Semaphore } from './semaphore.ts';

export { GraphError, type GraphErrorKind } from './graph-error.ts';

export interface GraphClientOptions {
  /** e.g. https://graph.microsoft.com/v1.0, or http://127.0.0.1:PORT/v1.0 for the local fake. */
  baseUrl: string;
  /** The current access token; asked before every request, so the caller may refresh ahead of expiry. */
  accessToken: () => Promise<string>;
  /** Called once on a 401 (shared by requests that failed with the same token), then the request is retried once. */
  refreshAccessToken: () => Promise<string>;
  /** Requests in flight at once (default 4, Graph's per-mailbox concurrency). */
  maxConcurrency?: number;
  /** Retries of a throttled or failed request (default 4). */
  maxRetries?: number;
  /** A longer Retry-After fails at once as `temporary` with `retryAfterSeconds` (default 60). */
  maxRetryAfterSeconds?: number;
  /** Per attempt, until the headers (and a JSON body) are in (default 30 000). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface DownloadedContent {
  body: ReadableStream<Uint8Array>;
  /** From Content-Length, when the server sent one. */
  size: number | null;
  contentType: string | null;
}

export interface GraphClient {
  /** A path relative to the base URL (`/me`), or an absolute nextLink/deltaLink used verbatim. */
  get<T>(pathOrUrl: string): Promise<T>;
  /** Every page of a collection, following `@odata.nextLink` verbatim. */
  pages<T>(pathOrUrl: string): AsyncGenerator<T[]>;
  /**
   * A driveItem's bytes: the 302 from `/content` is followed here, to the pre-authenticated URL and
   * without the Authorization header. A body larger than `maxBytes` is refused (`too_large`).
   */
  download(pathOrUrl: string, opts?: { maxBytes?: number }): Promise<DownloadedContent>;
  /** HTTP requests sent so far, retries and download redirects included. */
  requestCount(): number;
}

interface Attempt<T> {
  url: URL;
  /** Method and Graph path for messages: never a download URL, which carries credentials. */
  label: string;
  auth: boolean;
  /** Reads a successful (2xx/3xx) response while the attempt still holds its slot and its timeout. */
  read: (response: Response) => Promise<T>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isAbsolute(pathOrUrl: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(pathOrUrl);
}

function refusedFromRefresh(error: unknown): never {
  if (error instanceof OAuthError) {
    const temporary = error.kind === 'provider_unavailable';
    throw new GraphError({
      message: temporary
        ? 'The access token could not be refreshed now'
        : 'The Microsoft connection needs to sign in again',
      status: 0,
      code: error.providerCode,
      kind: temporary ? 'temporary' : 'auth',
      cause: error,
    });
  }
  throw error;
}

/** `ECONNREFUSED`, `UND_ERR_SOCKET`…: what failed, without the message (which may quote the URL). */
function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof SyntaxError ? 'invalid_json' : 'network_error';
}

/** Counts the bytes of a download as they stream and errors the stream past the limit. */
function limitBytes(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  label: string,
): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          controller.error(
            new GraphError({
              message: `${label}: the file is larger than ${maxBytes} bytes`,
              status: 200,
              kind: 'too_large',
            }),
          );
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * A thin Microsoft Graph client over Node's fetch: bearer auth for the base URL's origin only, one
 * refresh on a 401, Retry-After and backoff on throttling and outages, a concurrency limit, nextLink
 * paging and 302 downloads. It never logs; errors are GraphErrors without secrets.
 */
export function createGraphClient(options: GraphClientOptions): GraphClient {
  const base = new URL(options.baseUrl.replace(/\/+$/, ''));
  if (!isSecureEnough(base)) throw new TypeError('The Graph base URL must be https (http only on loopback)');
  const baseHref = base.href.replace(/\/+$/, '');
  const limiter = new Semaphore(options.maxConcurrency ?? 4);
  const maxRetries = options.maxRetries ?? 4;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 60;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  let sent = 0;
  /** The last refresh, shared by every request that got a 401 with the token it replaced. */
  let lastRefresh: { stale: string; fresh: Promise<string> } | null = null;

  function refreshReplacing(stale: string): Promise<string> {
    if (lastRefresh?.stale === stale) return lastRefresh.fresh;
    const fresh = options.refreshAccessToken();
    const record = { stale, fresh };
    lastRefresh = record;
    fresh.catch(() => {
      if (lastRefresh === record) lastRefresh = null;
    });
    return fresh;
  }

  function resolve(pathOrUrl: string): URL {
    if (!isAbsolute(pathOrUrl)) {
      return new URL(baseHref + (pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`));
    }
    const url = new URL(pathOrUrl);
    if (url.origin !== base.origin) {
      // A nextLink or deltaLink always points back at Graph; anything else must not get the token.
      throw new GraphError({
        message: 'Refusing to send the Graph token to another origin',
        status: 0,
        kind: 'unknown',
      });
    }
    return url;
  }

  function failure(
    label: string,
    status: number,
    code: string | null,
    extra: { location?: string | undefined; retryAfterSeconds?: number } = {},
  ): GraphError {
    return new GraphError({
      message: `${label} failed: ${status || 'no response'}${code ? ` ${code}` : ''}`,
      status,
      code,
      kind: status === 0 ? 'temporary' : kindForStatus(status),
      ...(extra.location ? { location: extra.location } : {}),
      ...(extra.retryAfterSeconds !== undefined ? { retryAfterSeconds: extra.retryAfterSeconds } : {}),
    });
  }

  /** What one attempt came back with, when it was not a success. */
  type Refusal = { status: number; code: string | null; retryAfter: number | null; location?: string };

  /** One HTTP exchange holding a concurrency slot; the success is read before the slot is released. */
  async function attemptOnce<T>(
    { url, auth, read }: Attempt<T>,
    token: string | null,
  ): Promise<{ value: T } | Refusal> {
    const release = await limiter.acquire();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token !== null) headers.authorization = `Bearer ${token}`;
      sent++;
      const response = await fetch(url, {
        headers,
        // download() follows Graph's redirect itself, so the bearer token never travels with it.
        redirect: auth ? 'manual' : 'follow',
        signal: controller.signal,
      });
      if (response.status < 400) return { value: await read(response) };
      const location = response.headers.get('location');
      return {
        status: response.status,
        retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
        code: await readGraphErrorCode(response),
        ...(location ? { location } : {}),
      };
    } catch (error) {
      if (error instanceof GraphError) throw error;
      // fetch failed, timed out, or a 2xx body was not what it promised (an HTML error page): retry.
      // Only a code is kept: a network error's message may quote the URL, which can carry credentials.
      return {
        status: 0,
        code: controller.signal.aborted ? 'timeout' : networkCode(error),
        retryAfter: null,
      };
    } finally {
      clearTimeout(timer);
      release();
    }
  }

  /** One logical request: attempts with Retry-After or backoff between them, and one token refresh. */
  async function send<T>(request: Attempt<T>): Promise<T> {
    let refreshedToken: string | null = null;
    for (let attempt = 0; ; attempt++) {
      const token: string | null = request.auth ? (refreshedToken ?? (await options.accessToken())) : null;
      const outcome = await attemptOnce(request, token);
      if ('value' in outcome) return outcome.value;
      const { status, code, retryAfter, location } = outcome;
      if (status === 401 && token !== null && refreshedToken === null) {
        // Expired or revoked token: refresh once, then retry once. A second 401 is final.
        refreshedToken = await refreshReplacing(token).catch(refusedFromRefresh);
        attempt--;
        continue;
      }
      if (!request.auth && (status === 401 || status === 403)) {
        // A pre-authenticated download URL that expired: asking Graph again for the file fixes it.
        throw new GraphError({
          message: `${request.label} failed: the download link was refused`,
          status,
          kind: 'temporary',
        });
      }
      if (status !== 0 && !RETRYABLE_STATUSES.has(status))
        throw failure(request.label, status, code, { location });
      if (retryAfter !== null && retryAfter > maxRetryAfter) {
        throw failure(request.label, status, code, { retryAfterSeconds: retryAfter });
      }
      if (attempt >= maxRetries) throw failure(request.label, status, code);
      await sleep(retryAfter !== null ? retryAfter * 1000 : backoffMs(attempt));
    }
  }

  async function get<T>(pathOrUrl: string): Promise<T> {
    const url = resolve(pathOrUrl);
    return send({
      url,
      label: `Graph GET ${url.pathname}`,
      auth: true,
      read: async (response) => {
        if (response.status !== 200) {
          await response.body?.cancel();
          throw failure(`Graph GET ${url.pathname}`, response.status, null);
        }
        return (await response.json()) as T;
      },
    });
  }

  async function* pages<T>(pathOrUrl: string): AsyncGenerator<T[]> {
    let next: string | undefined = pathOrUrl;
    while (next) {
      const page: { value?: T[]; '@odata.nextLink'?: string } = await get(next);
      yield page.value ?? [];
      next = page['@odata.nextLink'];
    }
  }

  async function download(pathOrUrl: string, opts: { maxBytes?: number } = {}): Promise<DownloadedContent> {
    const url = resolve(pathOrUrl);
    const label = `Graph download ${url.pathname}`;
    // The /content request answers 302 to a short-lived pre-authenticated URL (or, rarely, the bytes).
    const first = await send<{ redirect: URL } | { response: Response }>({
      url,
      label,
      auth: true,
      read: async (response) => {
        if (response.status >= 300 && response.status < 400) {
          const location = response.headers.get('location');
          await response.body?.cancel();
          if (!location) throw failure(label, response.status, null);
          return { redirect: new URL(location, url) };
        }
        return { response };
      },
    });
    let response: Response;
    if ('redirect' in first) {
      if (!isSecureEnough(first.redirect)) {
        throw new GraphError({
          message: `${label}: the download URL is not https`,
          status: 0,
          kind: 'unknown',
        });
      }
      response = await send({ url: first.redirect, label, auth: false, read: async (r) => r });
    } else {
      response = first.response;
    }
    const lengthHeader = response.headers.get('content-length');
    const size = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
    const maxBytes = opts.maxBytes;
    if (maxBytes !== undefined && size !== null && size > maxBytes) {
      await response.body?.cancel();
      throw new GraphError({
        message: `${label}: the file is larger than ${maxBytes} bytes`,
        status: response.status,
        kind: 'too_large',
      });
    }
    const body = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    return {
      body: maxBytes === undefined ? body : limitBytes(body, maxBytes, label),
      size,
      contentType: response.headers.get('content-type'),
    };
  }

  return { get, pages, download, requestCount: () => sent };
}
