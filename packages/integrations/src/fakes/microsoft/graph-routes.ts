import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FakeContext, graphBase } from './context.ts';
import { deltaPage } from './delta.ts';
import type { FakeSite, FakeUser } from './directory.ts';
import { downloadUrl } from './download.ts';
import type { FakeDrive, FakeItem } from './drive.ts';
import { sendGraphError } from './graph-errors.ts';
import { driveJson, itemJson, siteJson, userJson } from './graph-json.ts';

interface GraphCall {
  user: FakeUser;
  scopes: Set<string>;
  /** The path after `/v1.0` (or `/beta`), still percent-encoded. */
  path: string;
  query: URLSearchParams;
  reply: FastifyReply;
}

type Handler = (call: GraphCall, match: string[]) => FastifyReply | Promise<FastifyReply>;

const FILE_SCOPES = [
  'files.read',
  'files.read.all',
  'files.readwrite',
  'files.readwrite.all',
  'sites.read.all',
  'sites.readwrite.all',
];
const SITE_SCOPES = ['sites.read.all', 'sites.readwrite.all', 'sites.manage.all', 'sites.fullcontrol.all'];

/** `https://graph.microsoft.com/Files.Read.All` and `Files.Read.All` are the same scope. */
export function normaliseScopes(scopes: string[]): Set<string> {
  return new Set(
    scopes.map((scope) => scope.replace(/^https:\/\/graph\.microsoft\.com\//i, '').toLowerCase()),
  );
}

function hasScope(call: GraphCall, wanted: string[]): boolean {
  return call.scopes.has('.default') || wanted.some((scope) => call.scopes.has(scope));
}

function decodeSegments(rawPath: string | undefined): string[] {
  return (rawPath ?? '')
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
}

/** A collection page with `$top` and an absolute `@odata.nextLink` carrying a `$skiptoken`. */
function collection<T>(
  context: FakeContext,
  call: GraphCall,
  items: T[],
  toJson: (item: T) => Record<string, unknown>,
): Record<string, unknown> {
  const top = Math.min(999, Math.max(1, Number(call.query.get('$top')) || context.pageSize));
  const skipToken = call.query.get('$skiptoken');
  const skip = skipToken ? Number(Buffer.from(skipToken, 'base64url').toString('utf8')) || 0 : 0;
  const body: Record<string, unknown> = { value: items.slice(skip, skip + top).map(toJson) };
  if (skip + top < items.length) {
    const kept = [...call.query.entries()]
      .filter(([key]) => key !== '$top' && key !== '$skiptoken')
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
    const next = Buffer.from(String(skip + top)).toString('base64url');
    body['@odata.nextLink'] =
      `${graphBase(context)}${call.path}?${[...kept, `$top=${top}`, `$skiptoken=${next}`].join('&')}`;
  }
  return body;
}

/** The Graph API the ingestion needs, routed by hand: driveItem paths contain `root:/a/b:` segments. */
export function registerGraphRoutes(app: FastifyInstance, context: FakeContext): void {
  const notFound = (reply: FastifyReply, what = 'The resource could not be found.') =>
    sendGraphError(reply, 404, 'itemNotFound', what);

  function siteOr(call: GraphCall, id: string): FakeSite | FastifyReply {
    if (call.user.personal) {
      // Personal accounts have OneDrive but no SharePoint: Graph refuses the sites API for them.
      return sendGraphError(
        call.reply,
        400,
        'BadRequest',
        'SharePoint sites are not available for personal Microsoft accounts.',
      );
    }
    if (!hasScope(call, SITE_SCOPES)) return sendGraphError(call.reply, 403, 'accessDenied', 'Access denied');
    const site = context.directory.site(id);
    if (!site) return notFound(call.reply, 'Requested site could not be found');
    return site;
  }

  function driveOr(call: GraphCall, id: string): FakeDrive | FastifyReply {
    if (!hasScope(call, FILE_SCOPES)) return sendGraphError(call.reply, 403, 'accessDenied', 'Access denied');
    const drive = context.directory.drives.get(id);
    if (!drive) return notFound(call.reply, 'The drive could not be found.');
    if (!context.directory.canAccessDrive(call.user, drive)) {
      return sendGraphError(call.reply, 403, 'accessDenied', 'Access denied');
    }
    return drive;
  }

  function itemOr(call: GraphCall, drive: FakeDrive, itemId: string): FakeItem | FastifyReply {
    const item = itemId === 'root' ? drive.root() : drive.get(itemId);
    return item ?? notFound(call.reply, 'The resource could not be found.');
  }

  const isReply = (value: unknown): value is FastifyReply =>
    typeof (value as FastifyReply)?.send === 'function';

  function sendItem(call: GraphCall, drive: FakeDrive, item: FakeItem) {
    return call.reply.send(itemJson(context, drive, item));
  }

  function sendChildren(call: GraphCall, drive: FakeDrive, item: FakeItem) {
    if (item.kind === 'file')
      return sendGraphError(call.reply, 400, 'invalidRequest', 'The item is not a folder.');
    return call.reply.send(
      collection(context, call, drive.children(item.id), (child) => itemJson(context, drive, child)),
    );
  }

  function sendContent(call: GraphCall, drive: FakeDrive, item: FakeItem) {
    if (item.kind !== 'file')
      return sendGraphError(call.reply, 400, 'invalidRequest', 'Only files have content.');
    return call.reply
      .code(302)
      .header('location', downloadUrl(context, drive.id, item.id))
      .send();
  }

  /** `root:/a/b:` → the item at a/b, or a 404. */
  function byPathOr(call: GraphCall, drive: FakeDrive, rawPath: string | undefined): FakeItem | FastifyReply {
    return drive.byPath(decodeSegments(rawPath)) ?? notFound(call.reply);
  }

  const withDrive =
    (
      then: (call: GraphCall, drive: FakeDrive, match: string[]) => FastifyReply | Promise<FastifyReply>,
    ): Handler =>
    (call, match) => {
      const drive = driveOr(call, decodeURIComponent(match[1] ?? ''));
      return isReply(drive) ? drive : then(call, drive, match);
    };

  const routes: [RegExp, Handler][] = [
    [/^\/me$/, (call) => call.reply.send(userJson(context, call.user))],
    [
      /^\/me\/drives$/,
      (call) => {
        const drive = context.directory.drives.get(call.user.driveId)!;
        return call.reply.send(collection(context, call, [drive], driveJson));
      },
    ],
    [
      /^\/sites$/,
      (call) => {
        const site = siteOr(call, 'root');
        if (isReply(site)) return site;
        const query = (call.query.get('search') ?? '*').trim().toLowerCase();
        const found = context.directory.sites.filter(
          (candidate) =>
            query === '*' ||
            query === '' ||
            candidate.name.toLowerCase().includes(query) ||
            candidate.displayName.toLowerCase().includes(query) ||
            candidate.description.toLowerCase().includes(query),
        );
        return call.reply.send(collection(context, call, found, siteJson));
      },
    ],
    [
      // GET /sites/{hostname}:/{server-relative-path}
      /^\/sites\/([^/:]+):(\/[^:]*)?:?$/,
      (call, match) => {
        const wanted =
          `https://${decodeURIComponent(match[1] ?? '')}${decodeURIComponent(match[2] ?? '')}`.replace(
            /\/$/,
            '',
          );
        const site = context.directory.sites.find(
          (candidate) => candidate.webUrl.toLowerCase() === wanted.toLowerCase(),
        );
        const checked = siteOr(call, site?.id ?? '\u0000');
        return isReply(checked) ? checked : call.reply.send(siteJson(checked));
      },
    ],
    [
      /^\/sites\/([^/]+)$/,
      (call, match) => {
        const site = siteOr(call, decodeURIComponent(match[1] ?? ''));
        return isReply(site) ? site : call.reply.send(siteJson(site));
      },
    ],
    [
      /^\/sites\/([^/]+)\/sites$/,
      (call, match) => {
        const site = siteOr(call, decodeURIComponent(match[1] ?? ''));
        return isReply(site) ? site : call.reply.send({ value: [] });
      },
    ],
    [
      /^\/sites\/([^/]+)\/drives$/,
      (call, match) => {
        const site = siteOr(call, decodeURIComponent(match[1] ?? ''));
        if (isReply(site)) return site;
        const drives = site.driveIds.map((id) => context.directory.drives.get(id)!);
        return call.reply.send(collection(context, call, drives, driveJson));
      },
    ],
    [/^\/drives\/([^/]+)$/, withDrive((call, drive) => call.reply.send(driveJson(drive)))],
    [/^\/drives\/([^/]+)\/root$/, withDrive((call, drive) => sendItem(call, drive, drive.root()))],
    [
      /^\/drives\/([^/]+)\/root\/children$/,
      withDrive((call, drive) => sendChildren(call, drive, drive.root())),
    ],
    [
      /^\/drives\/([^/]+)\/root\/delta$/,
      withDrive((call, drive) => {
        const top = Math.min(999, Math.max(1, Number(call.query.get('$top')) || context.pageSize));
        const outcome = deltaPage(context, drive, call.query.get('token'), top);
        if (outcome.kind === 'page') return call.reply.send(outcome.body);
        if (outcome.kind === 'invalid')
          return sendGraphError(call.reply, 400, 'invalidRequest', 'Invalid delta token.');
        call.reply.header('location', outcome.location);
        return sendGraphError(
          call.reply,
          410,
          'resyncRequired',
          'Resync required. Replace any local items with the server version (including deletes) and enumerate again.',
        );
      }),
    ],
    [
      /^\/drives\/([^/]+)\/root:([^:]*):?$/,
      withDrive((call, drive, match) => {
        const item = byPathOr(call, drive, match[2]);
        return isReply(item) ? item : sendItem(call, drive, item);
      }),
    ],
    [
      /^\/drives\/([^/]+)\/root:([^:]*):\/children$/,
      withDrive((call, drive, match) => {
        const item = byPathOr(call, drive, match[2]);
        return isReply(item) ? item : sendChildren(call, drive, item);
      }),
    ],
    [
      /^\/drives\/([^/]+)\/root:([^:]*):\/content$/,
      withDrive((call, drive, match) => {
        const item = byPathOr(call, drive, match[2]);
        return isReply(item) ? item : sendContent(call, drive, item);
      }),
    ],
    [
      /^\/drives\/([^/]+)\/items\/([^/]+)$/,
      withDrive((call, drive, match) => {
        const item = itemOr(call, drive, decodeURIComponent(match[2] ?? ''));
        return isReply(item) ? item : sendItem(call, drive, item);
      }),
    ],
    [
      /^\/drives\/([^/]+)\/items\/([^/]+)\/children$/,
      withDrive((call, drive, match) => {
        const item = itemOr(call, drive, decodeURIComponent(match[2] ?? ''));
        return isReply(item) ? item : sendChildren(call, drive, item);
      }),
    ],
    [
      /^\/drives\/([^/]+)\/items\/([^/]+)\/content$/,
      withDrive((call, drive, match) => {
        const item = itemOr(call, drive, decodeURIComponent(match[2] ?? ''));
        return isReply(item) ? item : sendContent(call, drive, item);
      }),
    ],
  ];

  /** `/me/drive/…` and `/sites/{id}/drive/…` are aliases of `/drives/{id}/…`. */
  function alias(call: GraphCall): string | FastifyReply {
    const mine = /^\/me\/drive(\/.*)?$/.exec(call.path);
    if (mine) {
      const drive = driveOr(call, call.user.driveId);
      if (isReply(drive)) return drive;
      return `/drives/${encodeURIComponent(drive.id)}${mine[1] ?? ''}`;
    }
    const ofSite = /^\/sites\/([^/]+)\/drive(\/.*)?$/.exec(call.path);
    if (ofSite) {
      const site = siteOr(call, decodeURIComponent(ofSite[1] ?? ''));
      if (isReply(site)) return site;
      return `/drives/${encodeURIComponent(site.driveIds[0] ?? '')}${ofSite[2] ?? ''}`;
    }
    return call.path;
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const [rawPath = '', rawQuery = ''] = request.raw.url?.split('?', 2) ?? [];
    const path = rawPath.replace(/^\/(v1\.0|beta)/, '') || '/';
    const header = request.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const unauthenticated = (message: string) => {
      reply.header(
        'www-authenticate',
        `Bearer realm="", authorization_uri="${context.url}/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"`,
      );
      return sendGraphError(reply, 401, 'InvalidAuthenticationToken', message);
    };
    if (!token) return unauthenticated('Access token is empty.');
    const grant = context.grants.accessGrant(token);
    if (!grant) return unauthenticated('Access token validation failure. Invalid audience.');
    if (grant.expiresAt <= Date.now())
      return unauthenticated('Lifetime validation failed, the token is expired.');
    const user = context.directory.users.get(grant.userOid);
    if (!user) return unauthenticated('The user of this token no longer exists.');
    const call: GraphCall = {
      user,
      scopes: normaliseScopes(grant.scopes),
      path,
      query: new URLSearchParams(rawQuery),
      reply,
    };
    const target = alias(call);
    if (isReply(target)) return target;
    for (const [pattern, handler] of routes) {
      const match = pattern.exec(target);
      if (match)
        return handler(
          call,
          [...match].map((part) => part ?? ''),
        );
    }
    return sendGraphError(
      reply,
      400,
      'BadRequest',
      `Resource not found for the segment '${path.split('/')[1] ?? ''}'.`,
    );
  }

  app.get('/v1.0/*', handle);
  app.get('/beta/*', handle);
}
