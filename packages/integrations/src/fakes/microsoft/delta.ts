import { type FakeContext, graphBase } from './context.ts';
import { FakeDrive } from './drive.ts';
import { deletedItemJson, itemJson } from './graph-json.ts';

/**
 * Delta cursors, opaque to the client: base64url JSON of the drive, the change counter the round
 * starts after (`s`), and mid-round the counter it stops at (`u`) and the last page key sent (`a`).
 * The process epoch and the invalidation generation make old links answer 410.
 */
interface DeltaCursor {
  e: string;
  g: number;
  d: string;
  s: number;
  u?: number;
  a?: number;
}

export type DeltaOutcome =
  | { kind: 'page'; body: Record<string, unknown> }
  | { kind: 'resync'; location: string }
  | { kind: 'invalid' };

function encode(cursor: DeltaCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decode(token: string): DeltaCursor | null {
  try {
    const cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as DeltaCursor;
    return typeof cursor.d === 'string' && typeof cursor.s === 'number' ? cursor : null;
  } catch {
    return null;
  }
}

function link(context: FakeContext, drive: FakeDrive, cursor: Omit<DeltaCursor, 'e' | 'g' | 'd'>): string {
  const token = encode({ e: context.epoch, g: context.deltaGeneration, d: drive.id, ...cursor });
  return `${graphBase(context)}/drives/${drive.id}/root/delta?token=${token}`;
}

/**
 * One page of `GET /drives/{id}/root/delta`: no token starts a full enumeration, `token=latest`
 * answers an empty page and a deltaLink from now, a deltaLink starts a round of changes. Pages end
 * with a nextLink until the last, which carries the deltaLink for the next round.
 */
export function deltaPage(
  context: FakeContext,
  drive: FakeDrive,
  token: string | null,
  top: number,
): DeltaOutcome {
  const fresh = `${graphBase(context)}/drives/${drive.id}/root/delta`;
  if (token === 'latest') {
    return { kind: 'page', body: { value: [], '@odata.deltaLink': link(context, drive, { s: drive.seq }) } };
  }
  let since = 0;
  let upTo = drive.seq;
  let after = 0;
  if (token !== null) {
    const cursor = decode(token);
    if (!cursor || cursor.d !== drive.id) return { kind: 'invalid' };
    if (cursor.e !== context.epoch || cursor.g !== context.deltaGeneration)
      return { kind: 'resync', location: fresh };
    since = cursor.s;
    if (cursor.u !== undefined) {
      upTo = cursor.u;
      after = cursor.a ?? 0;
    }
  }
  // One more than a page tells whether another page follows.
  const candidates = drive.changes(since, upTo, after, top + 1);
  const items = candidates.slice(0, top);
  const body: Record<string, unknown> = {
    '@odata.context': `${graphBase(context)}/$metadata#Collection(driveItem)`,
    value: items.map((item) =>
      item.deleted ? deletedItemJson(drive, item) : itemJson(context, drive, item, { delta: true }),
    ),
  };
  const last = items.at(-1);
  if (candidates.length > items.length && last) {
    body['@odata.nextLink'] = link(context, drive, { s: since, u: upTo, a: FakeDrive.pageKey(last, since) });
  } else {
    body['@odata.deltaLink'] = link(context, drive, { s: upTo });
  }
  return { kind: 'page', body };
}
