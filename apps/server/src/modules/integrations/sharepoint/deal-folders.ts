import { DEFAULT_DEALS_FOLDER } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import {
  type GraphClient,
  type GraphDriveItem,
  GraphError,
  getItemByPath,
  getMyDrive,
  getRootSite,
  getSiteDefaultDrive,
  listChildren,
} from '@atempo/integrations';
import { findSharePointSettings, type SharePointSettingsRow } from './sharepoint-state.repository.ts';

/** Where an organisation's deal folders are: each direct subfolder of this folder is one deal. */
export interface DealFolderRoot {
  driveId: string;
  folderId: string;
  folderPath: string;
  /** The site's name, or "OneDrive" for the user's own drive. */
  placeName: string;
}

/** No SharePoint for this account: none there, not allowed, or a personal account (Graph answers 400). */
const notThere = (error: unknown) =>
  error instanceof GraphError &&
  (error.kind === 'not_found' || error.kind === 'forbidden' || error.status === 400);

async function folderIn(
  graph: GraphClient,
  driveId: string,
  folderPath: string,
): Promise<GraphDriveItem | null> {
  const item = await getItemByPath(graph, driveId, folderPath);
  return item?.folder ? item : null;
}

/** Where an admin said the deal folders are. */
export type DealFolderPlace = Pick<SharePointSettingsRow, 'siteId' | 'driveId' | 'folderPath'>;

/**
 * The chosen site, library and folder; by default `Deals` at the top of the root site's default
 * library, else `Deals` in the user's OneDrive (a personal account has no SharePoint). Null when
 * there is no such folder. `candidate` checks a place before it is saved.
 */
export async function locateDealFolders(
  db: Database,
  graph: GraphClient,
  organizationId: string,
  candidate?: DealFolderPlace,
): Promise<DealFolderRoot | null> {
  const settings = candidate ?? (await findSharePointSettings(db, organizationId));
  const folderPath = settings?.folderPath ?? DEFAULT_DEALS_FOLDER;
  if (settings?.driveId) {
    const folder = await folderIn(graph, settings.driveId, folderPath);
    return folder
      ? { driveId: settings.driveId, folderId: folder.id, folderPath, placeName: 'SharePoint' }
      : null;
  }
  try {
    const site = settings?.siteId ? { id: settings.siteId, displayName: null } : await getRootSite(graph);
    const drive = await getSiteDefaultDrive(graph, site.id);
    const folder = await folderIn(graph, drive.id, folderPath);
    if (folder) {
      return {
        driveId: drive.id,
        folderId: folder.id,
        folderPath,
        placeName: site.displayName ?? 'SharePoint',
      };
    }
  } catch (error) {
    if (!notThere(error)) throw error;
  }
  // A site the admin chose is where the deal folders are, never the user's OneDrive instead.
  if (settings?.siteId) return null;
  const drive = await getMyDrive(graph);
  const folder = await folderIn(graph, drive.id, folderPath);
  return folder ? { driveId: drive.id, folderId: folder.id, folderPath, placeName: 'OneDrive' } : null;
}

/** The deal folders, most recently changed first. */
export async function listDealFolders(graph: GraphClient, root: DealFolderRoot): Promise<GraphDriveItem[]> {
  const children = await listChildren(graph, root.driveId, root.folderId);
  return children
    .filter((item) => item.folder && companyNameOfFolder(item.name))
    .sort((a, b) => (b.lastModifiedDateTime ?? '').localeCompare(a.lastModifiedDateTime ?? ''));
}

const MAX_COMPANY_NAME = 200;

/**
 * A deal folder's name as a company name: control characters and path separators dropped, runs
 * of spaces folded, leading dots removed ("../Evil" is "Evil"), at most 200 characters. Null when
 * nothing is left.
 */
export function companyNameOfFolder(name: string | null): string | null {
  if (!name) return null;
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point.
    .replace(/[\u0000-\u001f\u007f/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const capped = [...cleaned].slice(0, MAX_COMPANY_NAME).join('').trim();
  return capped || null;
}
