import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from './context.ts';
import type { FakeItem } from './drive.ts';

/** Pre-authenticated URLs live a few minutes, like SharePoint's. */
const DOWNLOAD_URL_LIFETIME_MS = 10 * 60 * 1000;

interface DownloadClaims {
  d: string;
  i: string;
  x: number;
  g: number;
  n: string;
}

function mac(context: FakeContext, payload: string): string {
  return createHmac('sha256', context.downloadKey).update(payload).digest('base64url');
}

/**
 * A pre-authenticated download URL: the drive and item, an expiry and a MAC, on the fake's own
 * `/download/` path. It needs no Authorization header, as the real one (on the SharePoint host) does not.
 */
export function downloadUrl(context: FakeContext, driveId: string, itemId: string): string {
  const claims: DownloadClaims = {
    d: driveId,
    i: itemId,
    x: Date.now() + DOWNLOAD_URL_LIFETIME_MS,
    g: context.downloadGeneration,
    n: randomBytes(6).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${context.url}/download/${payload}.${mac(context, payload)}`;
}

function readClaims(context: FakeContext, token: string): DownloadClaims | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(context, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadClaims;
  } catch {
    return null;
  }
}

/** Zeros for a metadata-only file, produced only as fast as the client reads (nobody should). */
function zeros(size: number): Readable {
  let left = size;
  const chunk = Buffer.alloc(64 * 1024);
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const next = Math.min(left, chunk.length);
      left -= next;
      this.push(chunk.subarray(0, next));
    },
  });
}

function sendRange(reply: FastifyReply, item: FakeItem, header: string): FastifyReply | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || !item.bytes) return null;
  const size = item.bytes.byteLength;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start > end || start >= size) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(Buffer.from(item.bytes.subarray(start, end + 1)));
}

function plainError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ error: { code, message } });
}

/** GET /download/{token}: the bytes, refusing any request that carries credentials. */
export function registerDownloadRoute(app: FastifyInstance, context: FakeContext): void {
  app.get('/download/:token', async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
    if (request.headers.authorization !== undefined) {
      // The real URL is on another host; a client that forwards its Graph token here leaks it.
      return plainError(
        reply,
        400,
        'invalidRequest',
        'A pre-authenticated URL must be requested without an Authorization header',
      );
    }
    const claims = readClaims(context, request.params.token);
    if (!claims || claims.x < Date.now() || claims.g !== context.downloadGeneration) {
      return plainError(reply, 401, 'unauthenticated', 'The download link has expired or is not valid');
    }
    const item = context.directory.drives.get(claims.d)?.get(claims.i);
    if (item?.kind !== 'file') return plainError(reply, 404, 'itemNotFound', 'The item does not exist');
    reply.header('content-type', item.mimeType ?? 'application/octet-stream');
    reply.header('accept-ranges', 'bytes');
    reply.header('etag', `"{${item.id}},${item.version}"`);
    const range = request.headers.range;
    if (typeof range === 'string') {
      const ranged = sendRange(reply, item, range);
      if (ranged) return ranged;
    }
    const body = item.bytes ? Readable.from([Buffer.from(item.bytes)]) : zeros(item.size);
    if (context.sendContentLength) reply.header('content-length', String(item.size));
    return reply.send(body);
  });
}
