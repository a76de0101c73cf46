import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { FakeClientRegistration, FakeContext } from './context.ts';
import {
  createControls,
  type FakeSiteInfo,
  type FakeUserInfo,
  type MicrosoftFakeControls,
  registerControlRoutes,
} from './controls.ts';
import { defaultSeed } from './default-seed.ts';
import { FakeDirectory } from './directory.ts';
import { registerDownloadRoute } from './download.ts';
import { registerEntraRoutes } from './entra-routes.ts';
import { Faults, type FaultTarget, loggedPath } from './faults.ts';
import { GrantStore } from './grants.ts';
import { sendInjectedFault } from './graph-errors.ts';
import { registerGraphRoutes } from './graph-routes.ts';
import type { FakeTenantSeed } from './seed-types.ts';
import { IdTokenSigner } from './signing.ts';
import { registerTokenRoute } from './token-route.ts';

export { type AuthorizationRedirect, followAuthorization } from './authorize.ts';
export type { FakeClientRegistration } from './context.ts';
export type { FakeItemInfo, FakeSiteInfo, FakeUserInfo, MicrosoftFakeControls } from './controls.ts';
export {
  CONTOSO,
  CONTROL_CHAR_FILE_NAME,
  defaultSeed,
  LONG_FILE_NAME,
  seedDealTree,
} from './default-seed.ts';
export type { FaultTarget, RequestLogEntry } from './faults.ts';
export type {
  FakeDriveSeed,
  FakeFileSeed,
  FakeFolderSeed,
  FakeNodeSeed,
  FakeSiteSeed,
  FakeTenantSeed,
  FakeUserSeed,
} from './seed-types.ts';
export { PERSONAL_TENANT_ID } from './seed-types.ts';
export type { IdTokenTamper } from './signing.ts';

export interface MicrosoftFakeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  seed?: FakeTenantSeed;
  /** Answer 429 Retry-After: 1 to every Nth Graph request; 0 = never (default). */
  throttleEvery?: number;
  /** Default page size of collections and delta pages (default 5, so paging is always exercised). */
  pageSize?: number;
  client?: Partial<FakeClientRegistration>;
}

export interface MicrosoftFake extends MicrosoftFakeControls {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Entra's base (= url): `{loginBaseUrl}/{tenant}/v2.0/.well-known/openid-configuration`. */
  loginBaseUrl: string;
  /** `{url}/v1.0`. */
  graphBaseUrl: string;
  /** The work tenant's id. */
  tenantId: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  users: FakeUserInfo[];
  sites: FakeSiteInfo[];
  close(): Promise<void>;
}

export const DEFAULT_FAKE_CLIENT: FakeClientRegistration = {
  clientId: 'e7c2a8f4-5b1d-4c3e-9a6f-0d8b7c6e5a41',
  clientSecret: 'atempo-fake-client-secret',
  redirectUris: ['http://127.0.0.1:*/auth-callback', 'http://localhost:*/auth-callback'],
};

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which scripted-fault target a request is, if any. */
function faultTarget(method: string, url: string): FaultTarget | null {
  if (url.startsWith('/v1.0/') || url.startsWith('/beta/')) return 'graph';
  if (url.startsWith('/download/')) return 'download';
  if (method === 'POST' && /^\/[^/]+\/oauth2\/v2\.0\/token/.test(url)) return 'token';
  return null;
}

function injectedTokenFault(
  reply: FastifyReply,
  status: number,
  retryAfterSeconds: number | null,
): FastifyReply {
  if (retryAfterSeconds !== null) reply.header('retry-after', String(retryAfterSeconds));
  const error = status === 503 || status === 429 ? 'temporarily_unavailable' : 'server_error';
  return reply.code(status).send({
    error,
    error_description: 'AADSTS90033: A transient error has occurred. Please try again.',
    error_codes: [90033],
  });
}

/**
 * A local Entra ID + Microsoft Graph speaking the real protocols on 127.0.0.1: OIDC discovery, JWKS,
 * the authorization code flow with PKCE, rotating refresh tokens, Graph sites/drives/driveItems with
 * nextLink paging, delta with deltaLinks and 410 resyncs, 302 downloads to pre-authenticated URLs,
 * scripted throttling and failures. Controls are methods here and `POST /__control/{name}`.
 */
export async function startMicrosoftFake(options: MicrosoftFakeOptions = {}): Promise<MicrosoftFake> {
  const seed = options.seed ?? (await defaultSeed());
  const client: FakeClientRegistration = { ...DEFAULT_FAKE_CLIENT, ...options.client };
  const context: FakeContext = {
    url: '',
    directory: new FakeDirectory(seed, now),
    grants: new GrantStore(),
    signer: await IdTokenSigner.create(),
    faults: new Faults(options.throttleEvery ?? 0),
    client,
    pageSize: options.pageSize ?? 5,
    denyAuthorizations: 0,
    chosenAccounts: [],
    tamperIdTokens: [],
    epoch: randomBytes(6).toString('base64url'),
    deltaGeneration: 0,
    downloadKey: randomBytes(32),
    downloadGeneration: 0,
    sendContentLength: true,
  };

  // Long driveItem paths (400-character names, percent-encoded) must reach the Graph router whole.
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: 16_384 },
    bodyLimit: 200 * 1024 * 1024,
    forceCloseConnections: true,
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '/';
    if (url.startsWith('/__control/')) return;
    const entry = {
      method: request.method,
      path: loggedPath(url),
      status: 0,
      authorization: request.headers.authorization !== undefined,
    };
    context.faults.record(entry);
    const target = faultTarget(request.method, url);
    if (target === 'graph') {
      context.faults.inFlight++;
      context.faults.maxInFlight = Math.max(context.faults.maxInFlight, context.faults.inFlight);
    }
    // 'close' fires when the response is done or the client went away: the count never leaks.
    reply.raw.once('close', () => {
      entry.status = reply.statusCode;
      if (target === 'graph') context.faults.inFlight--;
    });
    if (target === 'graph' && context.faults.latencyMs > 0) await pause(context.faults.latencyMs);
    const fault = target ? context.faults.take(target) : null;
    if (fault && target === 'token') return injectedTokenFault(reply, fault.status, fault.retryAfterSeconds);
    if (fault) return sendInjectedFault(reply, fault.status, fault.retryAfterSeconds);
  });

  registerEntraRoutes(app, context);
  registerTokenRoute(app, context);
  registerGraphRoutes(app, context);
  registerDownloadRoute(app, context);

  const controls = createControls(context);
  const users = (): FakeUserInfo[] => [...context.directory.users.values()].map((user) => ({ ...user }));
  const sites = (): FakeSiteInfo[] =>
    context.directory.sites.map((site) => ({
      id: site.id,
      name: site.name,
      displayName: site.displayName,
      webUrl: site.webUrl,
      isRoot: site.isRoot,
      drives: site.driveIds.map((id) => ({ id, name: context.directory.drives.get(id)?.name ?? '' })),
    }));
  const summary = () => ({
    url: context.url,
    loginBaseUrl: context.url,
    graphBaseUrl: `${context.url}/v1.0`,
    tenantId: context.directory.tenant.id,
    clientId: client.clientId,
    redirectUris: client.redirectUris,
    users: users(),
    sites: sites(),
  });
  registerControlRoutes(app, controls, summary);

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The Microsoft fake did not get a TCP port');
  context.url = `http://127.0.0.1:${address.port}`;

  return {
    ...controls,
    url: context.url,
    loginBaseUrl: context.url,
    graphBaseUrl: `${context.url}/v1.0`,
    tenantId: context.directory.tenant.id,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUris: client.redirectUris,
    users: users(),
    sites: sites(),
    close: () => app.close(),
  };
}
