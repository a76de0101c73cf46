import type { FastifyInstance } from 'fastify';
import type { FakeContext } from './context.ts';
import type { FakeDrive, FakeItem } from './drive.ts';
import type { FaultTarget, RequestLogEntry } from './faults.ts';
import { eTagOf } from './graph-json.ts';
import type { IdTokenTamper } from './signing.ts';

export interface FakeUserInfo {
  oid: string;
  tenantId: string;
  displayName: string;
  email: string;
  userPrincipalName: string;
  jobTitle: string | null;
  personal: boolean;
  /** The user's OneDrive. */
  driveId: string;
}

export interface FakeSiteInfo {
  id: string;
  name: string;
  displayName: string;
  webUrl: string;
  isRoot: boolean;
  /** Document libraries, the default first. */
  drives: { id: string; name: string }[];
}

export interface FakeItemInfo {
  id: string;
  driveId: string;
  name: string;
  /** From the drive root, e.g. `/Deals/Acme/deck.pdf`. */
  path: string;
  kind: 'root' | 'folder' | 'file';
  size: number;
  eTag: string;
}

export const DEFAULT_TOKEN_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'User.Read',
  'Files.Read.All',
  'Sites.Read.All',
];

/** What a test (or another process, over /__control) can do to the fake while it runs. */
export interface MicrosoftFakeControls {
  addFile(driveId: string, folderPath: string, name: string, bytes: Uint8Array): FakeItemInfo;
  addFolder(driveId: string, folderPath: string): FakeItemInfo;
  updateFile(driveId: string, itemId: string, bytes: Uint8Array): FakeItemInfo;
  /** Deletes a file or a folder with everything in it. */
  deleteItem(driveId: string, itemId: string): void;
  itemByPath(driveId: string, path: string): FakeItemInfo | null;
  /** Every access token answers 401 InvalidAuthenticationToken from now on. */
  expireAccessTokens(): void;
  /** Every authorization code issued so far is past its 10 minutes. */
  expireAuthorizationCodes(): void;
  /** Refresh tokens (of one user, or all) answer invalid_grant AADSTS50173. Returns how many. */
  revokeRefreshTokens(userOid?: string): number;
  /** Every delta link and delta nextLink answers 410 resyncRequired with a fresh Location. */
  invalidateDeltaLinks(): void;
  /** Pre-authenticated download URLs handed out so far answer 401. */
  expireDownloadUrls(): void;
  /** The next n requests (Graph by default) answer 429 with Retry-After. */
  throttleNext(n: number, retryAfterSeconds?: number, target?: FaultTarget): void;
  /** The next n requests (Graph by default) answer `status` (500, 502, 503, 504). */
  failNext(n: number, status?: number, options?: { retryAfterSeconds?: number; target?: FaultTarget }): void;
  /** Every Nth Graph request answers 429 Retry-After: 1 (0 = never). */
  setThrottleEvery(n: number): void;
  /** Graph requests wait this long before being answered (to make concurrency observable). */
  setLatency(ms: number): void;
  /** false: downloads stream without Content-Length. */
  setContentLength(enabled: boolean): void;
  /** The next authorization request redirects back with error=access_denied. */
  denyNextAuthorization(): void;
  /**
   * The next authorization request without a login_hint signs in as this user (email or UPN), as
   * if picked in Microsoft's account chooser; without it the first user of the tenant path is taken.
   */
  chooseNextAccount(loginHint: string): void;
  /** The next token response carries a broken id_token. */
  tamperNextIdToken(kind: IdTokenTamper): void;
  /** Tokens for a user without the browser flow (default: the first user, the usual scopes). */
  issueTokens(input?: { userOid?: string; scopes?: string[] }): {
    accessToken: string;
    refreshToken: string;
    expiresIn: number;
  };
  /** Requests so far: method, path without query (download tokens masked), status, whether auth was sent. */
  requestLog(): RequestLogEntry[];
  resetRequestLog(): void;
  /** Graph requests in flight now and the most at once since the last reset. */
  graphConcurrency(): { current: number; max: number };
}

function info(drive: FakeDrive, item: FakeItem): FakeItemInfo {
  return {
    id: item.id,
    driveId: drive.id,
    name: item.name,
    path: drive.pathOf(item) || '/',
    kind: item.kind,
    size: item.size,
    eTag: eTagOf(item),
  };
}

export function createControls(context: FakeContext): MicrosoftFakeControls {
  function drive(driveId: string): FakeDrive {
    const found = context.directory.drives.get(driveId);
    if (!found) throw new Error(`The fake has no drive ${driveId}`);
    return found;
  }

  return {
    addFile(driveId, folderPath, name, bytes) {
      const target = drive(driveId);
      return info(target, target.addFile(target.ensureFolder(folderPath).id, name, { bytes }));
    },
    addFolder(driveId, folderPath) {
      const target = drive(driveId);
      return info(target, target.ensureFolder(folderPath));
    },
    updateFile(driveId, itemId, bytes) {
      const target = drive(driveId);
      return info(target, target.updateFile(itemId, bytes));
    },
    deleteItem(driveId, itemId) {
      drive(driveId).deleteItem(itemId);
    },
    itemByPath(driveId, path) {
      const target = drive(driveId);
      const item = target.byPath(path.split('/').filter(Boolean));
      return item ? info(target, item) : null;
    },
    expireAccessTokens: () => context.grants.expireAccessTokens(),
    expireAuthorizationCodes: () => context.grants.expireCodes(),
    revokeRefreshTokens: (userOid) => context.grants.revokeRefreshTokens(userOid),
    invalidateDeltaLinks() {
      context.deltaGeneration++;
    },
    expireDownloadUrls() {
      context.downloadGeneration++;
    },
    throttleNext(n, retryAfterSeconds = 1, target = 'graph') {
      context.faults.queue(target, n, 429, retryAfterSeconds);
    },
    failNext(n, status = 503, options = {}) {
      context.faults.queue(options.target ?? 'graph', n, status, options.retryAfterSeconds ?? null);
    },
    setThrottleEvery(n) {
      context.faults.throttleEvery = n;
    },
    setLatency(ms) {
      context.faults.latencyMs = ms;
    },
    setContentLength(enabled) {
      context.sendContentLength = enabled;
    },
    denyNextAuthorization() {
      context.denyAuthorizations++;
    },
    chooseNextAccount(loginHint) {
      if (!context.directory.userByHint(loginHint)) throw new Error(`The fake has no user ${loginHint}`);
      context.chosenAccounts.push(loginHint);
    },
    tamperNextIdToken(kind) {
      context.tamperIdTokens.push(kind);
    },
    issueTokens(input = {}) {
      const userOid = input.userOid ?? [...context.directory.users.keys()][0];
      if (!userOid || !context.directory.users.has(userOid))
        throw new Error(`The fake has no user ${userOid}`);
      const grant = {
        userOid,
        clientId: context.client.clientId,
        scopes: input.scopes ?? DEFAULT_TOKEN_SCOPES,
      };
      return {
        accessToken: context.grants.issueAccessToken(grant),
        refreshToken: context.grants.issueRefreshToken(grant),
        expiresIn: 3599,
      };
    },
    requestLog: () => context.faults.log.map((entry) => ({ ...entry })),
    resetRequestLog: () => context.faults.reset(),
    graphConcurrency: () => ({ current: context.faults.inFlight, max: context.faults.maxInFlight }),
  };
}

type Body = Record<string, unknown>;

function bytesOf(body: Body): Uint8Array {
  if (typeof body.contentBase64 === 'string')
    return new Uint8Array(Buffer.from(body.contentBase64, 'base64'));
  if (typeof body.text === 'string') return new TextEncoder().encode(body.text);
  throw new Error('Give the content as contentBase64 or text');
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);
const target = (value: unknown): FaultTarget | undefined =>
  value === 'graph' || value === 'token' || value === 'download' ? value : undefined;

/**
 * The same controls over HTTP, for a Playwright test or another process: `POST /__control/{name}`
 * with a JSON body (`GET` works for the read-only ones). Loopback only, like the whole fake.
 */
export function registerControlRoutes(
  app: FastifyInstance,
  controls: MicrosoftFakeControls,
  summary: () => Record<string, unknown>,
): void {
  const actions: Record<string, (body: Body) => unknown> = {
    state: () => summary(),
    addFile: (b) => controls.addFile(str(b.driveId), str(b.folderPath), str(b.name), bytesOf(b)),
    addFolder: (b) => controls.addFolder(str(b.driveId), str(b.folderPath)),
    updateFile: (b) => controls.updateFile(str(b.driveId), str(b.itemId), bytesOf(b)),
    deleteItem: (b) => controls.deleteItem(str(b.driveId), str(b.itemId)),
    itemByPath: (b) => controls.itemByPath(str(b.driveId), str(b.path)),
    expireAccessTokens: () => controls.expireAccessTokens(),
    expireAuthorizationCodes: () => controls.expireAuthorizationCodes(),
    revokeRefreshTokens: (b) => ({
      revoked: controls.revokeRefreshTokens(typeof b.userOid === 'string' ? b.userOid : undefined),
    }),
    invalidateDeltaLinks: () => controls.invalidateDeltaLinks(),
    expireDownloadUrls: () => controls.expireDownloadUrls(),
    throttleNext: (b) => controls.throttleNext(num(b.n, 1), num(b.retryAfterSeconds, 1), target(b.target)),
    failNext: (b) =>
      controls.failNext(num(b.n, 1), num(b.status, 503), {
        ...(typeof b.retryAfterSeconds === 'number' ? { retryAfterSeconds: b.retryAfterSeconds } : {}),
        ...(target(b.target) ? { target: target(b.target) } : {}),
      }),
    setThrottleEvery: (b) => controls.setThrottleEvery(num(b.n, 0)),
    setLatency: (b) => controls.setLatency(num(b.ms, 0)),
    setContentLength: (b) => controls.setContentLength(b.enabled !== false),
    denyNextAuthorization: () => controls.denyNextAuthorization(),
    chooseNextAccount: (b) => controls.chooseNextAccount(str(b.loginHint)),
    tamperNextIdToken: (b) => controls.tamperNextIdToken(str(b.kind) as IdTokenTamper),
    issueTokens: (b) =>
      controls.issueTokens({
        ...(typeof b.userOid === 'string' ? { userOid: b.userOid } : {}),
        ...(Array.isArray(b.scopes) ? { scopes: b.scopes.map(String) } : {}),
      }),
    requestLog: () => controls.requestLog(),
    resetRequestLog: () => controls.resetRequestLog(),
    graphConcurrency: () => controls.graphConcurrency(),
  };
  const readOnly = new Set(['state', 'requestLog', 'graphConcurrency', 'itemByPath']);

  app.route<{ Params: { action: string }; Body: Body; Querystring: Body }>({
    method: ['GET', 'POST'],
    url: '/__control/:action',
    handler: async (request, reply) => {
      const action = actions[request.params.action];
      if (!action) return reply.code(404).send({ error: `Unknown control '${request.params.action}'` });
      if (request.method === 'GET' && !readOnly.has(request.params.action)) {
        return reply.code(405).send({ error: 'Use POST for a control that changes the fake' });
      }
      try {
        const result = action((request.method === 'GET' ? request.query : request.body) ?? {});
        return reply.send(result ?? { ok: true });
      } catch (error) {
        return reply.code(400).send({ error: error instanceof Error ? error.message : String(error) });
      }
    },
  });
}
