const MAX_LOG_ENTRIES = 10_000;

/** Which part of the fake a scripted fault hits. */
export type FaultTarget = 'graph' | 'token' | 'download';

export interface InjectedFault {
  status: number;
  retryAfterSeconds: number | null;
}

export interface RequestLogEntry {
  method: string;
  /** The path without its query, download tokens masked: never a credential. */
  path: string;
  /** The response status (0 until the response is sent). */
  status: number;
  /** Whether the request carried an Authorization header (its value is never kept). */
  authorization: boolean;
}

/**
 * Scripted failures (the next n requests answer 429 or 5xx), periodic throttling, added latency, the
 * request log and the count of Graph requests in flight at once.
 */
export class Faults {
  private readonly queued: Record<FaultTarget, InjectedFault[]> = { graph: [], token: [], download: [] };
  private graphRequests = 0;
  throttleEvery: number;
  latencyMs = 0;
  readonly log: RequestLogEntry[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(throttleEvery: number) {
    this.throttleEvery = throttleEvery;
  }

  /** The next `count` requests to `target` answer `status` (with Retry-After when given). */
  queue(target: FaultTarget, count: number, status: number, retryAfterSeconds: number | null): void {
    for (let index = 0; index < count; index++) this.queued[target].push({ status, retryAfterSeconds });
  }

  /** The fault this request gets, if any; every Graph request counts toward `throttleEvery`. */
  take(target: FaultTarget): InjectedFault | null {
    if (target === 'graph') this.graphRequests++;
    const queued = this.queued[target].shift();
    if (queued) return queued;
    if (target === 'graph' && this.throttleEvery > 0 && this.graphRequests % this.throttleEvery === 0) {
      return { status: 429, retryAfterSeconds: 1 };
    }
    return null;
  }

  /** Adds to the request log, keeping the newest entries only (a dev fake runs for days). */
  record(entry: RequestLogEntry): void {
    this.log.push(entry);
    if (this.log.length > MAX_LOG_ENTRIES) this.log.splice(0, this.log.length - MAX_LOG_ENTRIES);
  }

  /** Clears the log and the concurrency high-water mark (requests still in flight keep counting). */
  reset(): void {
    this.log.length = 0;
    this.maxInFlight = this.inFlight;
  }
}

/** The request path as logged: no query string, and the download token masked. */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/download/') ? '/download/…' : path;
}
