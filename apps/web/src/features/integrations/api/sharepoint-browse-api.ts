import type {
  TAnalyseSharePointDocumentRequest,
  TSharePointDocumentAnalysis,
  TSharePointDrivesResponse,
  TSharePointItemsResponse,
  TSharePointSitesResponse,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchDownload } from '../../../lib/download/fetch-download.ts';
import { withSession } from './session-query.ts';

/** The drive id that means the user's own OneDrive. */
export const ONEDRIVE_DRIVE_ID = 'me';

const drivePath = (driveId: string) => `/sharepoint/drives/${encodeURIComponent(driveId)}`;

/** GET /sharepoint/sites: the sites the user can see, or a personal account's OneDrive notice. */
export const fetchSites = (sessionId: string | null, signal?: AbortSignal) =>
  api.get<TSharePointSitesResponse>(`/sharepoint/sites${withSession(sessionId)}`, { signal });

/** GET /sharepoint/sites/{siteId}/drives: a site's document libraries. */
export const fetchDrives = (sessionId: string | null, siteId: string, signal?: AbortSignal) =>
  api.get<TSharePointDrivesResponse>(
    `/sharepoint/sites/${encodeURIComponent(siteId)}/drives${withSession(sessionId)}`,
    { signal },
  );

/** GET /sharepoint/drives/{driveId}/items?folder_path=: one folder's folders and files ('/' is the top). */
export const fetchItems = (
  sessionId: string | null,
  driveId: string,
  folderPath: string,
  signal?: AbortSignal,
) =>
  api.get<TSharePointItemsResponse>(
    `${drivePath(driveId)}/items${withSession(sessionId, { folder_path: folderPath })}`,
    { signal },
  );

/** GET /sharepoint/drives/{driveId}/items/{itemId}/download: the file, named by Content-Disposition. */
export const downloadItem = (
  sessionId: string | null,
  driveId: string,
  itemId: string,
  fallbackName: string,
) =>
  fetchDownload(
    `${drivePath(driveId)}/items/${encodeURIComponent(itemId)}/download${withSession(sessionId)}`,
    fallbackName,
  );

/** POST /sharepoint/analyse-document: copies the file into Atempo and analyses it. */
export const analyseDocument = (body: TAnalyseSharePointDocumentRequest) =>
  api.post<TSharePointDocumentAnalysis>('/sharepoint/analyse-document', body);

export const browseKeys = {
  all: ['integrations', 'sharepoint', 'browse'] as const,
  sites: (sessionId: string | null) => ['integrations', 'sharepoint', 'browse', 'sites', sessionId] as const,
  drives: (sessionId: string | null, siteId: string) =>
    ['integrations', 'sharepoint', 'browse', 'drives', sessionId, siteId] as const,
  items: (sessionId: string | null, driveId: string, folderPath: string) =>
    ['integrations', 'sharepoint', 'browse', 'items', sessionId, driveId, folderPath] as const,
};

export const sitesQuery = (sessionId: string | null) =>
  queryOptions({
    queryKey: browseKeys.sites(sessionId),
    queryFn: ({ signal }) => fetchSites(sessionId, signal),
  });

export const drivesQuery = (sessionId: string | null, siteId: string) =>
  queryOptions({
    queryKey: browseKeys.drives(sessionId, siteId),
    queryFn: ({ signal }) => fetchDrives(sessionId, siteId, signal),
  });

export const itemsQuery = (sessionId: string | null, driveId: string, folderPath: string) =>
  queryOptions({
    queryKey: browseKeys.items(sessionId, driveId, folderPath),
    queryFn: ({ signal }) => fetchItems(sessionId, driveId, folderPath, signal),
  });
