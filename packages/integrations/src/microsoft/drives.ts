import type * as Graph from '@microsoft/microsoft-graph-types';
import type { DownloadedContent, GraphClient } from './graph-client.ts';
import { GraphError } from './graph-error.ts';

/** The signed-in user, as `GET /me` gives it. */
export interface GraphUser {
  id: string;
  displayName: string | null;
  mail: string | null;
  userPrincipalName: string | null;
  jobTitle: string | null;
}

export interface GraphSite {
  /** `{hostname},{site-collection guid},{web guid}`. */
  id: string;
  name: string | null;
  displayName: string | null;
  webUrl: string | null;
}

export interface GraphDrive {
  /** Opaque, e.g. `b!…`. */
  id: string;
  name: string | null;
  /** documentLibrary, business or personal. */
  driveType: string | null;
  description: string | null;
  webUrl: string | null;
}

export interface GraphDriveItem {
  id: string;
  /** Absent (null) on a deleted item in a delta page. */
  name: string | null;
  size: number | null;
  eTag: string | null;
  /** Changes with the content only; OneDrive for Business omits it in delta pages. */
  cTag: string | null;
  webUrl: string | null;
  lastModifiedDateTime: string | null;
  /** `path` is absent in delta pages: track items by id. */
  parentReference?: { driveId: string | null; id: string | null; path?: string };
  file?: {
    mimeType: string | null;
    hashes?: { quickXorHash?: string; sha256Hash?: string; sha1Hash?: string };
  };
  folder?: { childCount: number | null };
  /** Present (possibly `{}`) when the item was deleted. */
  deleted?: { state?: string };
  /** Present on the drive's root item. */
  root?: Record<string, never>;
}

export interface DriveDelta {
  /** Every item that changed, once each (the last state Graph reported), deletions included. */
  items: GraphDriveItem[];
  /** The cursor for the next call: store it whole, never parse it. */
  deltaLink: string;
}

type Page<T> = { value?: T[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };

/** Encodes one id for a URL path. Commas stay readable: they are part of every SharePoint site id. */
function segment(id: string): string {
  return encodeURIComponent(id).replace(/%2C/gi, ',');
}

function text(value: string | null | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function toSite(raw: Graph.Site): GraphSite {
  return {
    id: raw.id ?? '',
    name: text(raw.name),
    displayName: text(raw.displayName),
    webUrl: text(raw.webUrl),
  };
}

function toDrive(raw: Graph.Drive): GraphDrive {
  return {
    id: raw.id ?? '',
    name: text(raw.name),
    driveType: text(raw.driveType),
    description: text(raw.description),
    webUrl: text(raw.webUrl),
  };
}

function hashes(raw: Graph.Hashes | null | undefined): NonNullable<GraphDriveItem['file']>['hashes'] {
  if (!raw) return undefined;
  const result: NonNullable<NonNullable<GraphDriveItem['file']>['hashes']> = {};
  if (raw.quickXorHash) result.quickXorHash = raw.quickXorHash;
  if (raw.sha256Hash) result.sha256Hash = raw.sha256Hash;
  if (raw.sha1Hash) result.sha1Hash = raw.sha1Hash;
  return result;
}

/** Narrows Graph's everything-optional driveItem to what the ingestion reads (no download URL: it is a credential). */
export function toDriveItem(raw: Graph.DriveItem): GraphDriveItem {
  const item: GraphDriveItem = {
    id: raw.id ?? '',
    name: text(raw.name),
    size: typeof raw.size === 'number' ? raw.size : null,
    eTag: text(raw.eTag),
    cTag: text(raw.cTag),
    webUrl: text(raw.webUrl),
    lastModifiedDateTime: text(raw.lastModifiedDateTime),
  };
  if (raw.parentReference) {
    item.parentReference = { driveId: text(raw.parentReference.driveId), id: text(raw.parentReference.id) };
    if (raw.parentReference.path) item.parentReference.path = raw.parentReference.path;
  }
  if (raw.file) {
    item.file = { mimeType: text(raw.file.mimeType) };
    const fileHashes = hashes(raw.file.hashes);
    if (fileHashes) item.file.hashes = fileHashes;
  }
  if (raw.folder)
    item.folder = { childCount: typeof raw.folder.childCount === 'number' ? raw.folder.childCount : null };
  if (raw.deleted) item.deleted = raw.deleted.state ? { state: raw.deleted.state } : {};
  if (raw.root) item.root = {};
  return item;
}

async function all<T>(graph: GraphClient, path: string): Promise<T[]> {
  const items: T[] = [];
  for await (const page of graph.pages<T>(path)) items.push(...page);
  return items;
}

export async function getMe(graph: GraphClient): Promise<GraphUser> {
  const raw = await graph.get<Graph.User>('/me?$select=id,displayName,mail,userPrincipalName,jobTitle');
  return {
    id: raw.id ?? '',
    displayName: text(raw.displayName),
    mail: text(raw.mail),
    userPrincipalName: text(raw.userPrincipalName),
    jobTitle: text(raw.jobTitle),
  };
}

/** Sites the user can see whose name matches (work or school accounts only). */
export async function searchSites(graph: GraphClient, query: string): Promise<GraphSite[]> {
  return (await all<Graph.Site>(graph, `/sites?search=${encodeURIComponent(query)}`)).map(toSite);
}

export async function getRootSite(graph: GraphClient): Promise<GraphSite> {
  return toSite(await graph.get<Graph.Site>('/sites/root'));
}

export async function getSite(graph: GraphClient, siteId: string): Promise<GraphSite> {
  return toSite(await graph.get<Graph.Site>(`/sites/${segment(siteId)}`));
}

/** The site's document libraries, every page. */
export async function listSiteDrives(graph: GraphClient, siteId: string): Promise<GraphDrive[]> {
  return (await all<Graph.Drive>(graph, `/sites/${segment(siteId)}/drives`)).map(toDrive);
}

export async function getSiteDefaultDrive(graph: GraphClient, siteId: string): Promise<GraphDrive> {
  return toDrive(await graph.get<Graph.Drive>(`/sites/${segment(siteId)}/drive`));
}

/** The user's OneDrive (personal accounts included). */
export async function getMyDrive(graph: GraphClient): Promise<GraphDrive> {
  return toDrive(await graph.get<Graph.Drive>('/me/drive'));
}

/** A folder's children, every page (`'root'` for the top of the drive). */
export async function listChildren(
  graph: GraphClient,
  driveId: string,
  itemId: string,
): Promise<GraphDriveItem[]> {
  const folder = itemId === 'root' ? 'root' : `items/${segment(itemId)}`;
  return (await all<Graph.DriveItem>(graph, `/drives/${segment(driveId)}/${folder}/children`)).map(
    toDriveItem,
  );
}

/** The item at a path from the drive's root (`Deals/Acme`), or null when nothing is there. */
export async function getItemByPath(
  graph: GraphClient,
  driveId: string,
  path: string,
): Promise<GraphDriveItem | null> {
  const segments = path.split('/').filter((part) => part.length > 0);
  if (segments.length === 0)
    return toDriveItem(await graph.get<Graph.DriveItem>(`/drives/${segment(driveId)}/root`));
  const encoded = segments.map((part) => encodeURIComponent(part)).join('/');
  try {
    return toDriveItem(await graph.get<Graph.DriveItem>(`/drives/${segment(driveId)}/root:/${encoded}:`));
  } catch (error) {
    if (error instanceof GraphError && error.kind === 'not_found') return null;
    throw error;
  }
}

/**
 * One delta round over a whole drive: the full enumeration when `deltaLink` is null, else the
 * changes since it. Follows every nextLink and returns the final deltaLink. An item reported more
 * than once keeps its last state. A 410 (the cursor is no longer valid) throws GraphError `cursor`
 * whose `location` is the fresh enumeration URL.
 */
export async function readDriveDelta(
  graph: GraphClient,
  driveId: string,
  deltaLink: string | null,
): Promise<DriveDelta> {
  const byId = new Map<string, GraphDriveItem>();
  let url = deltaLink ?? `/drives/${segment(driveId)}/root/delta`;
  for (;;) {
    const page = await graph.get<Page<Graph.DriveItem>>(url);
    for (const raw of page.value ?? []) {
      const item = toDriveItem(raw);
      // Delete first so the map's order is the order of last appearance.
      byId.delete(item.id);
      byId.set(item.id, item);
    }
    if (page['@odata.nextLink']) {
      url = page['@odata.nextLink'];
    } else if (page['@odata.deltaLink']) {
      return { items: [...byId.values()], deltaLink: page['@odata.deltaLink'] };
    } else {
      throw new GraphError({
        message: 'A Graph delta page had neither a nextLink nor a deltaLink',
        status: 200,
        kind: 'unknown',
      });
    }
  }
}

/** A file's bytes through the 302 to its pre-authenticated URL; refused past `maxBytes`. */
export function downloadItem(
  graph: GraphClient,
  driveId: string,
  itemId: string,
  maxBytes: number,
): Promise<DownloadedContent> {
  return graph.download(`/drives/${segment(driveId)}/items/${segment(itemId)}/content`, { maxBytes });
}
