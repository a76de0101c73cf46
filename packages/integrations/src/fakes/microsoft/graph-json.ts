import { type FakeContext, graphBase } from './context.ts';
import type { FakeSite, FakeUser } from './directory.ts';
import { downloadUrl } from './download.ts';
import type { FakeDrive, FakeItem } from './drive.ts';

/** Graph's JSON shapes for the fake's objects (the documented properties a client reads). */

export function userJson(context: FakeContext, user: FakeUser): Record<string, unknown> {
  const [givenName, ...rest] = user.displayName.split(' ');
  return {
    '@odata.context': `${graphBase(context)}/$metadata#users/$entity`,
    businessPhones: [],
    displayName: user.displayName,
    givenName: givenName ?? null,
    surname: rest.join(' ') || null,
    jobTitle: user.jobTitle,
    mail: user.email,
    mobilePhone: null,
    officeLocation: user.personal ? null : 'London',
    preferredLanguage: 'en-GB',
    userPrincipalName: user.userPrincipalName,
    id: user.oid,
  };
}

export function siteJson(site: FakeSite): Record<string, unknown> {
  return {
    id: site.id,
    name: site.name,
    displayName: site.displayName,
    description: site.description,
    webUrl: site.webUrl,
    createdDateTime: site.createdDateTime,
    lastModifiedDateTime: site.createdDateTime,
    ...(site.isRoot ? { root: {}, siteCollection: { hostname: new URL(site.webUrl).hostname } } : {}),
  };
}

export function driveJson(drive: FakeDrive): Record<string, unknown> {
  const root = drive.root();
  const used = [...drive.items.values()].reduce((sum, item) => sum + (item.deleted ? 0 : item.size), 0);
  const total = 1024 ** 4;
  return {
    id: drive.id,
    name: drive.name,
    description: drive.description,
    driveType: drive.driveType,
    webUrl: drive.webUrl,
    createdDateTime: root.createdDateTime,
    lastModifiedDateTime: root.lastModifiedDateTime,
    owner:
      drive.owner.kind === 'user'
        ? { user: { id: drive.owner.id, displayName: drive.owner.displayName } }
        : { group: { displayName: drive.owner.displayName } },
    quota: { total, used, remaining: total - used, deleted: 0, state: 'normal' },
  };
}

/** `{A1B2…}` from the item id, the GUID part of eTag and cTag. */
function resourceGuid(item: FakeItem): string {
  return `{${Buffer.from(item.id).toString('hex').slice(0, 32).toUpperCase()}}`;
}

export function eTagOf(item: FakeItem): string {
  return `"${resourceGuid(item)},${item.version}"`;
}

function itemWebUrl(drive: FakeDrive, item: FakeItem): string {
  const path = drive.pathOf(item);
  return drive.webUrl + path.split('/').map(encodeURIComponent).join('/');
}

/**
 * A driveItem. In delta pages `parentReference.path` is left out, as Graph does ("track items by id").
 * quickXorHash is base64 SHA-1 here, not Microsoft's QuickXorHash: treat it as an opaque change marker.
 */
export function itemJson(
  context: FakeContext,
  drive: FakeDrive,
  item: FakeItem,
  options: { delta?: boolean } = {},
): Record<string, unknown> {
  const parent = item.parentId ? drive.items.get(item.parentId) : undefined;
  const parentReference: Record<string, unknown> = { driveType: drive.driveType, driveId: drive.id };
  if (parent) {
    parentReference.id = parent.id;
    if (!options.delta) parentReference.path = `/drives/${drive.id}/root:${drive.pathOf(parent)}`;
  }
  if (drive.owner.kind === 'site') parentReference.siteId = drive.owner.id;
  const json: Record<string, unknown> = {
    id: item.id,
    name: item.name,
    eTag: eTagOf(item),
    cTag: `"c:${resourceGuid(item)},${item.contentVersion}"`,
    size: item.size,
    createdDateTime: item.createdDateTime,
    lastModifiedDateTime: item.lastModifiedDateTime,
    webUrl: itemWebUrl(drive, item),
    createdBy: { user: { displayName: drive.owner.displayName } },
    lastModifiedBy: { user: { displayName: drive.owner.displayName } },
    parentReference,
    fileSystemInfo: {
      createdDateTime: item.createdDateTime,
      lastModifiedDateTime: item.lastModifiedDateTime,
    },
  };
  if (item.kind === 'file') {
    json['@microsoft.graph.downloadUrl'] = downloadUrl(context, drive.id, item.id);
    json.file = { mimeType: item.mimeType, hashes: { quickXorHash: item.hash } };
  } else {
    json.folder = { childCount: drive.children(item.id).length };
    if (item.kind === 'root') {
      json.root = {};
      json.name = 'root';
    }
  }
  return json;
}

/** A deletion in a delta page: the id and the drive, no name or path (Graph omits them). */
export function deletedItemJson(drive: FakeDrive, item: FakeItem): Record<string, unknown> {
  return { id: item.id, deleted: {}, parentReference: { driveType: drive.driveType, driveId: drive.id } };
}
