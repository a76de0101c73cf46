import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SHAREPOINT_MAX_FILE_BYTES, type TIngestionResult } from '@atempo/contracts';
import {
  downloadItem,
  type GraphClient,
  type GraphDriveItem,
  GraphError,
  listChildren,
  readDriveDelta,
} from '@atempo/integrations';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../platform/errors.ts';
import { createDocumentFromUpload, type DocumentServices, receiveStream } from '../../documents/index.ts';
import { companyNameOfFolder, type DealFolderRoot, listDealFolders } from './deal-folders.ts';
import { dealOfFolder } from './deal-of-folder.ts';
import * as items from './drive-items.repository.ts';
import { findDeltaLink, forgetDeltaLink, saveDeltaLink } from './sharepoint-state.repository.ts';

export type IngestionMode = 'quick' | 'full' | 'incremental';
export type IngestionCounts = Omit<
  TIngestionResult,
  'execution_id' | 'mode' | 'status' | 'duration_seconds' | 'error'
>;

export interface IngestionEnv extends DocumentServices {
  config: Config;
}

export interface IngestionRun {
  organizationId: string;
  /** Who the documents and deals are recorded as created by: the admin who started the run or schedule. */
  userId: string;
  mode: IngestionMode;
  maxDeals: number | null;
  graph: GraphClient;
  root: DealFolderRoot;
  /** Reports the counts so far (pollers see them while the run goes on). */
  report(counts: IngestionCounts, percent: number): Promise<void>;
}

/** Files the document pipeline reads, by extension: anything else is counted as skipped, never downloaded. */
const ANALYSABLE = /\.(pdf|docx?|xlsx?)$/i;
/** A deal folder's tree is walked this deep at most (a folder loop or a huge archive stops here). */
const MAX_DEPTH = 6;
/** Files of one deal analysed at a time (Graph allows four requests in flight per user). */
const FILE_CONCURRENCY = 3;

const emptyCounts = (): IngestionCounts => ({
  total_deals: 0,
  processed_deals: 0,
  total_documents: 0,
  processed_documents: 0,
  failed_documents: 0,
  unchanged_documents: 0,
  skipped_documents: 0,
  removed_documents: 0,
});

/**
 * Brings deal folders into Atempo: each folder a company and a deal, each PDF, Word or Excel file
 * up to 10 MB a document of that deal, analysed by the document pipeline. Items are known by drive
 * and item id with their content hash, so a second run makes nothing new, a changed file is
 * analysed again as a new version, and a file deleted at the source is marked removed. A full run
 * walks the folders; an incremental run reads the drive's Graph delta since the last run.
 */
export async function ingestDealFolders(env: IngestionEnv, run: IngestionRun): Promise<IngestionCounts> {
  if (run.mode === 'incremental') {
    const deltaLink = await findDeltaLink(env.db, run.organizationId, run.root.driveId);
    if (deltaLink) {
      try {
        return await ingestChanges(env, run, deltaLink);
      } catch (error) {
        if (!(error instanceof GraphError && error.kind === 'cursor')) throw error;
        // Graph forgot the cursor (410): enumerate again and diff against what is known.
        await forgetDeltaLink(env.db, run.organizationId, run.root.driveId);
      }
    }
    return ingestFolders(env, { ...run, mode: 'full', maxDeals: null });
  }
  return ingestFolders(env, run);
}

async function ingestFolders(env: IngestionEnv, run: IngestionRun): Promise<IngestionCounts> {
  const counts = emptyCounts();
  // The cursor is taken before the walk: whatever changes during it is read again next time.
  const cursor = await latestDeltaLink(run);
  const all = await listDealFolders(run.graph, run.root);
  const limit = run.mode === 'quick' ? Math.min(run.maxDeals ?? 5, 5) : (run.maxDeals ?? all.length);
  const folders = all.slice(0, limit);
  counts.total_deals = folders.length;
  for (const [index, folder] of folders.entries()) {
    const tree = await walkTree(run.graph, run.root.driveId, folder.id);
    await ingestDealFolder(env, run, folder, tree, counts);
    // What is known in this folder but no longer in Graph's listing was deleted at the source.
    const seen = new Set([folder.id, ...tree.map((item) => item.id)]);
    const known = await items.presentItemsOfDrive(env.db, run.organizationId, run.root.driveId, folder.id);
    const gone = known.filter((row) => !seen.has(row.itemId));
    counts.removed_documents += await markRemoved(
      env,
      run,
      gone.map((row) => row.itemId),
      known,
    );
    counts.processed_deals = index + 1;
    await run.report(counts, Math.round(((index + 1) / Math.max(folders.length, 1)) * 100));
  }
  if (run.mode === 'full' && run.maxDeals === null) {
    // Whole deal folders deleted at the source.
    const live = new Set(all.map((folder) => folder.id));
    const known = await items.presentItemsOfDrive(env.db, run.organizationId, run.root.driveId);
    const gone = known.filter((row) => row.dealFolderId && !live.has(row.dealFolderId));
    counts.removed_documents += await markRemoved(
      env,
      run,
      gone.map((row) => row.itemId),
      known,
    );
  }
  // Only a walk of every deal folder may move the cursor: after a quick or max_deals run, the
  // folders left out would otherwise never reach an incremental run (nothing changed in them since).
  if (cursor && folders.length === all.length)
    await saveDeltaLink(env.db, run.organizationId, run.root.driveId, cursor);
  return counts;
}

async function latestDeltaLink(run: IngestionRun): Promise<string | null> {
  try {
    const latest = await run.graph.get<{ '@odata.deltaLink'?: string }>(
      `/drives/${encodeURIComponent(run.root.driveId)}/root/delta?token=latest`,
    );
    return latest['@odata.deltaLink'] ?? null;
  } catch (error) {
    // A drive without delta support is still ingested in full; incremental runs then walk it too.
    if (error instanceof GraphError && (error.kind === 'not_found' || error.kind === 'forbidden'))
      return null;
    throw error;
  }
}

/** Every item under a deal folder, depth first, at most MAX_DEPTH folders deep. */
async function walkTree(
  graph: GraphClient,
  driveId: string,
  folderId: string,
  depth = 0,
): Promise<GraphDriveItem[]> {
  const children = await listChildren(graph, driveId, folderId);
  const found: GraphDriveItem[] = [];
  for (const child of children) {
    found.push(child);
    if (child.folder && depth + 1 < MAX_DEPTH)
      found.push(...(await walkTree(graph, driveId, child.id, depth + 1)));
  }
  return found;
}

async function markRemoved(
  env: IngestionEnv,
  run: IngestionRun,
  itemIds: string[],
  known: items.DriveItemRow[],
): Promise<number> {
  const documents = new Set(known.filter((row) => row.documentId).map((row) => row.itemId));
  await items.markItemsRemoved(env.db, run.organizationId, run.root.driveId, itemIds, new Date());
  return itemIds.filter((id) => documents.has(id)).length;
}

/**
 * An incremental run: only what Graph's delta says changed since the cursor. Delta pages carry no
 * paths, so an item's deal folder is found through its parent ids, among the changed items and
 * those already known.
 */
async function ingestChanges(
  env: IngestionEnv,
  run: IngestionRun,
  deltaLink: string,
): Promise<IngestionCounts> {
  const counts = emptyCounts();
  const delta = await readDriveDelta(run.graph, run.root.driveId, deltaLink);
  const changed = new Map(delta.items.map((item) => [item.id, item]));
  const parentIds = delta.items
    .map((item) => item.parentReference?.id)
    .filter((id): id is string => Boolean(id));
  const known = await items.knownItems(env.db, run.organizationId, run.root.driveId, [
    ...changed.keys(),
    ...parentIds,
  ]);

  const dealFolderOf = (item: GraphDriveItem, depth = 0): string | null => {
    if (depth > MAX_DEPTH + 1) return null;
    const parentId = item.parentReference?.id;
    if (!parentId) return known.get(item.id)?.dealFolderId ?? null;
    if (parentId === run.root.folderId) return item.folder ? item.id : null;
    const parent = changed.get(parentId);
    if (parent) return dealFolderOf(parent, depth + 1);
    return known.get(parentId)?.dealFolderId ?? null;
  };

  const removed = delta.items.filter(
    (item) => item.deleted && known.get(item.id) && !known.get(item.id)?.removedAt,
  );
  counts.removed_documents += await markRemoved(
    env,
    run,
    removed.map((item) => item.id),
    [...known.values()],
  );

  const byFolder = new Map<string, GraphDriveItem[]>();
  for (const item of delta.items) {
    if (item.deleted || item.id === run.root.folderId) continue;
    const folderId = dealFolderOf(item);
    if (!folderId) continue;
    const list = byFolder.get(folderId) ?? [];
    if (item.id !== folderId) list.push(item);
    byFolder.set(folderId, list);
  }
  counts.total_deals = byFolder.size;
  let done = 0;
  for (const [folderId, folderItems] of byFolder) {
    const folder = changed.get(folderId) ?? (await folderItem(run, folderId, known));
    if (folder) await ingestDealFolder(env, run, folder, folderItems, counts);
    done += 1;
    counts.processed_deals = done;
    await run.report(counts, Math.round((done / byFolder.size) * 100));
  }
  await saveDeltaLink(env.db, run.organizationId, run.root.driveId, delta.deltaLink);
  return counts;
}

async function folderItem(
  run: IngestionRun,
  folderId: string,
  known: Map<string, items.DriveItemRow>,
): Promise<GraphDriveItem | null> {
  const row = known.get(folderId);
  if (row)
    return {
      id: row.itemId,
      name: row.name,
      size: null,
      eTag: null,
      cTag: null,
      webUrl: null,
      lastModifiedDateTime: null,
      folder: { childCount: null },
    };
  return run.graph.get<GraphDriveItem>(
    `/drives/${encodeURIComponent(run.root.driveId)}/items/${encodeURIComponent(folderId)}`,
  );
}

/** One deal folder's company and deal, its subfolders, and its files through the pipeline. */
async function ingestDealFolder(
  env: IngestionEnv,
  run: IngestionRun,
  folder: GraphDriveItem,
  tree: GraphDriveItem[],
  counts: IngestionCounts,
): Promise<void> {
  const companyName = companyNameOfFolder(folder.name);
  if (!companyName) return;
  const known = await items.knownItems(env.db, run.organizationId, run.root.driveId, [
    folder.id,
    ...tree.map((i) => i.id),
  ]);
  const { dealId, companyId } = await dealOfFolder(env, run, companyName, known.get(folder.id));
  const base = {
    organizationId: run.organizationId,
    driveId: run.root.driveId,
    dealFolderId: folder.id,
    dealId,
    companyId,
  };
  await items.upsertDriveItem(env.db, {
    ...base,
    itemId: folder.id,
    parentId: run.root.folderId,
    name: folder.name ?? companyName,
    isFolder: true,
    lastModifiedAt: dateOf(folder.lastModifiedDateTime),
  });
  for (const sub of tree.filter((item) => item.folder)) {
    await items.upsertDriveItem(env.db, {
      ...base,
      itemId: sub.id,
      parentId: sub.parentReference?.id ?? null,
      name: sub.name ?? sub.id,
      isFolder: true,
      lastModifiedAt: dateOf(sub.lastModifiedDateTime),
    });
  }
  const files = tree.filter((item) => item.file);
  counts.total_documents += files.length;
  const queue = [...files];
  // A failure stops the other workers taking files, and the run ends only when the files in hand
  // are recorded: nothing goes on in the background while a retry or the next run starts.
  const workers = await Promise.allSettled(
    Array.from({ length: FILE_CONCURRENCY }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const previous = known.get(file.id);
        const result = await ingestFile(env, run, file, previous, dealId).catch((error: unknown) => {
          queue.length = 0;
          throw error;
        });
        counts[result.outcome] += 1;
        await items.upsertDriveItem(env.db, {
          ...base,
          itemId: file.id,
          parentId: file.parentReference?.id ?? null,
          name: file.name ?? file.id,
          isFolder: false,
          size: file.size,
          contentHash: contentHashOf(file),
          lastModifiedAt: dateOf(file.lastModifiedDateTime),
          documentId: result.documentId ?? previous?.documentId ?? null,
          outcome: result.refused ? 'refused' : OUTCOME_WORD[result.outcome],
          outcomeReason: result.reason,
        });
      }
    }),
  );
  const failed = workers.find((worker) => worker.status === 'rejected');
  if (failed) throw failed.reason;
}

type FileOutcome = 'processed_documents' | 'unchanged_documents' | 'skipped_documents' | 'failed_documents';

const OUTCOME_WORD: Record<FileOutcome, string> = {
  processed_documents: 'analysed',
  unchanged_documents: 'analysed',
  skipped_documents: 'skipped',
  failed_documents: 'failed',
};

interface FileResult {
  outcome: FileOutcome;
  documentId: string | null;
  reason: string | null;
  /** Downloaded and refused by its content (recorded as 'refused'): not read again until it changes. */
  refused?: boolean;
}

/** What says a file's content changed: Graph's content hash, else its cTag, else its eTag. */
function contentHashOf(file: GraphDriveItem): string | null {
  const hashes = file.file?.hashes;
  return hashes?.quickXorHash ?? hashes?.sha256Hash ?? hashes?.sha1Hash ?? file.cTag ?? file.eTag ?? null;
}

const dateOf = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value) : null);

/**
 * One file: unchanged since its analysis, skipped unread (type, size, or refused by its content
 * before and unchanged since), or downloaded into the document pipeline. A provider failure that may pass (throttling, an outage) stops the run, which
 * fails with its reason; the next run resumes, since what was done is known.
 */
async function ingestFile(
  env: IngestionEnv,
  run: IngestionRun,
  file: GraphDriveItem,
  previous: items.DriveItemRow | undefined,
  dealId: string,
): Promise<FileResult> {
  const hash = contentHashOf(file);
  if (
    previous?.documentId &&
    previous.outcome === 'analysed' &&
    !previous.removedAt &&
    hash &&
    previous.contentHash === hash
  ) {
    return { outcome: 'unchanged_documents', documentId: previous.documentId, reason: null };
  }
  const name = file.name ?? '';
  if (!ANALYSABLE.test(name)) {
    return { outcome: 'skipped_documents', documentId: null, reason: 'Not a PDF, Word or Excel file' };
  }
  if ((file.size ?? 0) > SHAREPOINT_MAX_FILE_BYTES) {
    return { outcome: 'skipped_documents', documentId: null, reason: 'Larger than 10 MB' };
  }
  if (previous?.outcome === 'refused' && !previous.removedAt && hash && previous.contentHash === hash) {
    return { outcome: 'skipped_documents', documentId: null, reason: previous.outcomeReason, refused: true };
  }
  try {
    const content = await downloadItem(run.graph, run.root.driveId, file.id, SHAREPOINT_MAX_FILE_BYTES);
    const received = await receiveStream(
      Readable.fromWeb(content.body as WebReadableStream<Uint8Array>),
      name,
      path.join(env.config.dataDir, 'tmp', 'uploads'),
    );
    try {
      const created = await createDocumentFromUpload(
        env,
        { organizationId: run.organizationId, userId: run.userId },
        received,
        { deal_id: dealId },
      );
      return { outcome: 'processed_documents', documentId: created.document_id, reason: null };
    } finally {
      await received.discard();
    }
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 413 || error.statusCode === 415)) {
      return { outcome: 'skipped_documents', documentId: null, reason: error.detail, refused: true };
    }
    if (error instanceof GraphError && error.kind === 'too_large') {
      return { outcome: 'skipped_documents', documentId: null, reason: 'Larger than 10 MB', refused: true };
    }
    if (error instanceof GraphError && error.kind === 'not_found') {
      return {
        outcome: 'skipped_documents',
        documentId: null,
        reason: 'Deleted at the source during the run',
      };
    }
    if (error instanceof GraphError && error.kind === 'forbidden') {
      return {
        outcome: 'failed_documents',
        documentId: null,
        reason: 'Microsoft 365 refused access to this file',
      };
    }
    throw error;
  }
}
