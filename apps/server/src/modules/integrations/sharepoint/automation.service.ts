import {
  DEFAULT_DEALS_FOLDER,
  type TDiscoverDealsResponse,
  type TSharePointSettings,
  type TSharePointStats,
  type TSharePointTestConnection,
} from '@atempo/contracts';
import type { Principal } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findUserConnection } from '../connections.repository.ts';
import { resolveMicrosoftConnection } from '../connections.service.ts';
import { cleanFolderPath, withGraph } from './browse.service.ts';
import { companyNameOfFolder, listDealFolders, locateDealFolders } from './deal-folders.ts';
import { countIngestedDocuments, dealsOfDealFolders } from './drive-items.repository.ts';
import { NO_DEAL_FOLDERS } from './ingestion.workflow.ts';
import { findSharePointSettings, saveSharePointSettings } from './sharepoint-state.repository.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

/** A deal folder changed in the last 30 days counts as a recent deal. */
const RECENT_DAYS = 30;

export async function getSharePointSettings(ctx: Ctx, organizationId: string) {
  const row = await findSharePointSettings(ctx.db, organizationId);
  return {
    site_id: row?.siteId ?? null,
    drive_id: row?.driveId ?? null,
    folder_path: row?.folderPath ?? DEFAULT_DEALS_FOLDER,
    chosen: Boolean(row),
  };
}

/**
 * An admin chooses where the deal folders are; the folder must exist for the admin's own
 * Microsoft account (scheduled ingestion runs as that account).
 */
export async function putSharePointSettings(ctx: Ctx, principal: Principal, settings: TSharePointSettings) {
  const folderPath = cleanFolderPath(settings.folder_path);
  if (!folderPath) throw new AppError(422, 'INVALID_FOLDER', 'Name the folder that holds the deal folders');
  const connection = await resolveMicrosoftConnection(ctx, principal, undefined);
  const place = { siteId: settings.site_id, driveId: settings.drive_id, folderPath };
  // Checked before it is saved: a refused place leaves the one chosen before.
  const found = await withGraph(ctx, principal, connection.id, (graph) =>
    locateDealFolders(ctx.db, graph, principal.organizationId, place),
  );
  if (!found) {
    throw new AppError(422, 'FOLDER_NOT_FOUND', `There is no folder “${folderPath}” in the library chosen.`);
  }
  await saveSharePointSettings(ctx.db, {
    organizationId: principal.organizationId,
    ...place,
    connectionId: connection.id,
    updatedBy: principal.userId,
  });
  return getSharePointSettings(ctx, principal.organizationId);
}

export async function testConnection(
  ctx: Ctx,
  principal: Principal,
  sessionId?: string,
): Promise<TSharePointTestConnection> {
  try {
    return await withGraph(ctx, principal, sessionId, async (graph) => {
      const root = await locateDealFolders(ctx.db, graph, principal.organizationId);
      if (!root) return { status: 'failed', message: NO_DEAL_FOLDERS, folders_discovered: 0 };
      const folders = await listDealFolders(graph, root);
      return {
        status: 'connected',
        message: `Connected to ${root.placeName}: ${folders.length} deal folder${folders.length === 1 ? '' : 's'} in “${root.folderPath}”.`,
        folders_discovered: folders.length,
      };
    });
  } catch (error) {
    if (
      error instanceof AppError &&
      error.statusCode < 500 &&
      error.code !== 'NOT_CONNECTED' &&
      error.code !== 'RECONNECT_REQUIRED'
    )
      throw error;
    const reason = error instanceof AppError ? error.detail : 'Connection failed';
    return { status: 'failed', message: `Connection failed: ${reason}`, folders_discovered: 0 };
  }
}

export async function discoverDeals(
  ctx: Ctx,
  principal: Principal,
  sessionId?: string,
): Promise<TDiscoverDealsResponse> {
  return withGraph(ctx, principal, sessionId, async (graph) => {
    const root = await locateDealFolders(ctx.db, graph, principal.organizationId);
    if (!root) return { deals: [], total: 0 };
    const folders = await listDealFolders(graph, root);
    const deals = await dealsOfDealFolders(
      ctx.db,
      principal.organizationId,
      folders.map((folder) => folder.id),
    );
    return {
      deals: folders.map((folder) => ({
        folder_id: folder.id,
        company_name: companyNameOfFolder(folder.name) ?? folder.id,
        deal_id: deals.get(folder.id) ?? null,
        modified_at: folder.lastModifiedDateTime,
      })),
      total: folders.length,
    };
  });
}

export async function sharePointStats(
  ctx: Ctx,
  principal: Principal,
  sessionId?: string,
): Promise<TSharePointStats> {
  const documents = await countIngestedDocuments(ctx.db, principal.organizationId);
  const connection = await findUserConnection(
    ctx.db,
    principal.organizationId,
    principal.userId,
    'microsoft',
  );
  if (connection?.status !== 'active') {
    return {
      total_deal_folders: 0,
      recent_deals: 0,
      connection_status: connection ? 'needs_reconnect' : 'not_connected',
      sharepoint_docs: documents,
      sites: [],
    };
  }
  return withGraph(ctx, principal, sessionId, async (graph) => {
    const root = await locateDealFolders(ctx.db, graph, principal.organizationId);
    const folders = root ? await listDealFolders(graph, root) : [];
    const since = Date.now() - RECENT_DAYS * 24 * 60 * 60 * 1000;
    return {
      total_deal_folders: folders.length,
      recent_deals: folders.filter((folder) => Date.parse(folder.lastModifiedDateTime ?? '') >= since).length,
      connection_status: 'connected',
      sharepoint_docs: documents,
      sites: root ? [{ name: root.placeName }] : [],
    };
  });
}
