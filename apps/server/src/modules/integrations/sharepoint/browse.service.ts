import {
  SHAREPOINT_MAX_FILE_BYTES,
  type TSharePointDrivesResponse,
  type TSharePointItemsResponse,
  type TSharePointSitesResponse,
} from '@atempo/contracts';
import {
  type DownloadedContent,
  type GraphClient,
  type GraphDriveItem,
  GraphError,
  getItemByPath,
  getMyDrive,
  getRootSite,
  listChildren,
  listSiteDrives,
  searchSites,
} from '@atempo/integrations';
import type { Principal } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { resolveMicrosoftConnection } from '../connections.service.ts';
import { graphFor } from '../microsoft-graph.ts';
import { MICROSOFT_PERSONAL_TENANT } from '../microsoft-identity.ts';
import { providerFailure } from '../provider-errors.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

export const PERSONAL_ACCOUNT_MESSAGE =
  'Using OneDrive (personal account). SharePoint requires a work/school account.';
/** The drive id the client sends for "my OneDrive". */
export const MY_DRIVE = 'me';

const ANALYSABLE = /\.(pdf|docx?|xlsx?)$/i;

/** The caller's Graph client, with every provider failure turned into a clear answer. */
export async function withGraph<T>(
  ctx: Ctx,
  principal: Principal,
  sessionId: string | undefined,
  work: (graph: GraphClient, accountId: string) => Promise<T>,
): Promise<T> {
  const connection = await resolveMicrosoftConnection(ctx, principal, sessionId);
  try {
    return await work(graphFor(ctx, connection.id), connection.accountId);
  } catch (error) {
    throw providerFailure(error, 'Microsoft 365');
  }
}

/** The root site and every site the search finds; a personal account has none and falls back to OneDrive. */
export async function listSites(
  ctx: Ctx,
  principal: Principal,
  sessionId?: string,
): Promise<TSharePointSitesResponse> {
  return withGraph(ctx, principal, sessionId, async (graph, accountId) => {
    const personal = { sites: [], personal_account: true, message: PERSONAL_ACCOUNT_MESSAGE };
    if (accountId.startsWith(`${MICROSOFT_PERSONAL_TENANT}:`)) return personal;
    try {
      const [root, found] = await Promise.all([getRootSite(graph), searchSites(graph, '*')]);
      const byId = new Map([root, ...found].map((site) => [site.id, site]));
      return {
        sites: [...byId.values()].map((site) => ({
          id: site.id,
          name: site.name,
          displayName: site.displayName ?? site.name ?? site.id,
          webUrl: site.webUrl,
        })),
        personal_account: false,
        message: null,
      };
    } catch (error) {
      if (error instanceof GraphError && (error.kind === 'forbidden' || error.kind === 'not_found'))
        return personal;
      throw error;
    }
  });
}

export async function listDrives(
  ctx: Ctx,
  principal: Principal,
  siteId: string,
  sessionId?: string,
): Promise<TSharePointDrivesResponse> {
  return withGraph(ctx, principal, sessionId, async (graph) => ({
    drives: (await listSiteDrives(graph, siteId)).map((drive) => ({
      id: drive.id,
      name: drive.name ?? drive.id,
      driveType: drive.driveType ?? 'documentLibrary',
      description: drive.description,
      webUrl: drive.webUrl,
    })),
  }));
}

/** "me" is the caller's OneDrive. */
export async function driveIdOf(graph: GraphClient, driveId: string): Promise<string> {
  return driveId === MY_DRIVE ? (await getMyDrive(graph)).id : driveId;
}

/** A folder path as Graph addresses it: segments without empty parts, `.` or `..`. */
export function cleanFolderPath(folderPath: string | undefined): string {
  return (folderPath ?? '')
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part && part !== '.' && part !== '..')
    .join('/');
}

const folderNotFound = () => notFound('This folder does not exist in the library', 'FOLDER_NOT_FOUND');

/** One folder's subfolders and files, every page followed. */
export async function listItems(
  ctx: Ctx,
  principal: Principal,
  driveId: string,
  folderPath: string | undefined,
  sessionId?: string,
): Promise<TSharePointItemsResponse> {
  const cleanPath = cleanFolderPath(folderPath);
  return withGraph(ctx, principal, sessionId, async (graph) => {
    const drive = await driveIdOf(graph, driveId);
    let folderId = 'root';
    if (cleanPath) {
      const folder = await getItemByPath(graph, drive, cleanPath);
      if (!folder?.folder) throw folderNotFound();
      folderId = folder.id;
    }
    const children = await listChildren(graph, drive, folderId);
    return {
      folder_path: `/${cleanPath}`,
      folders: children.filter((item) => item.folder).map(toFolder),
      files: children.filter((item) => item.file).map(toFile),
    };
  });
}

function toFolder(item: GraphDriveItem) {
  return {
    id: item.id,
    name: item.name ?? item.id,
    childCount: item.folder?.childCount ?? 0,
    lastModifiedDateTime: item.lastModifiedDateTime,
    webUrl: item.webUrl,
  };
}

function toFile(item: GraphDriveItem) {
  const name = item.name ?? item.id;
  return {
    id: item.id,
    name,
    size: item.size ?? 0,
    lastModifiedDateTime: item.lastModifiedDateTime,
    webUrl: item.webUrl,
    mimeType: item.file?.mimeType ?? null,
    canAnalyse: ANALYSABLE.test(name) && (item.size ?? 0) <= SHAREPOINT_MAX_FILE_BYTES,
  };
}

export interface DriveDownload {
  name: string;
  content: DownloadedContent;
}

/** A file's bytes, streamed from Microsoft's pre-authenticated address (never held whole). */
export async function downloadFile(
  ctx: Ctx,
  principal: Principal,
  driveId: string,
  itemId: string,
  sessionId?: string,
): Promise<DriveDownload> {
  return withGraph(ctx, principal, sessionId, async (graph) => {
    const drive = await driveIdOf(graph, driveId);
    const item = await graph.get<{ name?: string; file?: unknown }>(
      `/drives/${encodeURIComponent(drive)}/items/${encodeURIComponent(itemId)}`,
    );
    if (!item.file) throw notFound('This item is a folder, not a file', 'NOT_A_FILE');
    const content = await graph.download(
      `/drives/${encodeURIComponent(drive)}/items/${encodeURIComponent(itemId)}/content`,
    );
    return { name: item.name ?? 'download', content };
  });
}
