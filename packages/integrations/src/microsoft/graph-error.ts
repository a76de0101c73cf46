export type GraphErrorKind =
  | 'temporary'
  | 'auth'
  | 'cursor'
  | 'not_found'
  | 'forbidden'
  /** A download bigger than the caller's limit (by Content-Length or while streaming). */
  | 'too_large'
  | 'unknown';

/**
 * A Microsoft Graph request that failed, classified for the sync state machine (retry later,
 * reconnect, resync, skip). The message names the method, the Graph path and the error code, never
 * a token or a pre-authenticated download URL.
 */
export class GraphError extends Error {
  override name = 'GraphError';
  /** The HTTP status, or 0 when no response came back (network error, timeout, refused request). */
  readonly status: number;
  /** Graph's `error.code` (e.g. `activityLimitReached`, `resyncRequired`, `itemNotFound`). */
  readonly code: string | null;
  readonly kind: GraphErrorKind;
  /** For a 410 on a delta link: the fresh enumeration URL Graph names in `Location`. */
  readonly location?: string;
  /** When the service asked for a longer pause than the client waits: how long, in seconds. */
  readonly retryAfterSeconds?: number;

  constructor(input: {
    message: string;
    status: number;
    code?: string | null;
    kind: GraphErrorKind;
    location?: string;
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(input.message, input.cause === undefined ? undefined : { cause: input.cause });
    this.status = input.status;
    this.code = input.code ?? null;
    this.kind = input.kind;
    if (input.location !== undefined) this.location = input.location;
    if (input.retryAfterSeconds !== undefined) this.retryAfterSeconds = input.retryAfterSeconds;
  }
}

/** Statuses Graph and SharePoint use for "try again": throttling, outages, gateways (509 is SharePoint's bandwidth limit). */
export const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504, 509]);

export function kindForStatus(status: number): GraphErrorKind {
  if (RETRYABLE_STATUSES.has(status)) return 'temporary';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 410) return 'cursor';
  return 'unknown';
}

/** Graph's error body is `{ error: { code, message } }`; only the code is kept. */
export async function readGraphErrorCode(response: Response): Promise<string | null> {
  try {
    const text = await response.text();
    const body = JSON.parse(text) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : null;
  } catch {
    return null;
  }
}
