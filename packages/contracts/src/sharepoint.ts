import { z } from 'zod';
import { ZSessionQuery } from './integrations.ts';

/** SharePoint and OneDrive through the Microsoft 365 connection (spec 03 §2, §3, §7). */

/** Files larger than this in a deal folder are counted as skipped and never downloaded. */
export const SHAREPOINT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The Basic Sync's max_documents: 1 to 100, 20 when empty or invalid (spec 03 §5). */
export const SYNC_MAX_DOCUMENTS = { min: 1, max: 100, fallback: 20 } as const;
export const SYNC_CHUNK_SIZE = 1000;
/** The scheduler runs incremental ingestion this often (spec 03 §9). */
export const INGESTION_INTERVAL_HOURS = 6;
/** The quick ingestion button takes this many deal folders. */
export const QUICK_INGEST_DEALS = 5;
export const CONTENT_PREVIEW_CHARS = 500;
/** Where deal folders live when an admin has not chosen. */
export const DEFAULT_DEALS_FOLDER = 'Deals';

export const ZSharePointSite = z.object({
  id: z.string(),
  name: z.string().nullable(),
  displayName: z.string(),
  webUrl: z.string().nullable(),
});
export const ZSharePointSitesResponse = z.object({
  sites: z.array(ZSharePointSite),
  /** True when this account has no SharePoint (a personal account): OneDrive is offered instead. */
  personal_account: z.boolean(),
  message: z.string().nullable(),
});
export type TSharePointSitesResponse = z.infer<typeof ZSharePointSitesResponse>;

export const ZSharePointDrive = z.object({
  id: z.string(),
  name: z.string(),
  driveType: z.string(),
  description: z.string().nullable(),
  webUrl: z.string().nullable(),
});
export const ZSharePointDrivesResponse = z.object({ drives: z.array(ZSharePointDrive) });
export type TSharePointDrivesResponse = z.infer<typeof ZSharePointDrivesResponse>;

export const ZSharePointFolder = z.object({
  id: z.string(),
  name: z.string(),
  childCount: z.number().int(),
  lastModifiedDateTime: z.string().nullable(),
  webUrl: z.string().nullable(),
});
export const ZSharePointFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  lastModifiedDateTime: z.string().nullable(),
  webUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  /** PDF, Word or Excel within the size limit: the product can analyse it. */
  canAnalyse: z.boolean(),
});
export const ZSharePointItemsResponse = z.object({
  folder_path: z.string(),
  folders: z.array(ZSharePointFolder),
  files: z.array(ZSharePointFile),
});
export type TSharePointItemsResponse = z.infer<typeof ZSharePointItemsResponse>;
export type TSharePointFile = z.infer<typeof ZSharePointFile>;
export type TSharePointFolder = z.infer<typeof ZSharePointFolder>;

export const ZSharePointItemsQuery = ZSessionQuery.extend({
  /** A folder path inside the library, "/" or empty for its top. */
  folder_path: z.string().max(2000).optional(),
});

export const ZAnalyseSharePointDocumentRequest = z.object({
  session_id: z.string().uuid().optional(),
  drive_id: z.string().min(1).max(400),
  item_id: z.string().min(1).max(400),
  company_name: z.string().max(300).optional(),
  deal_id: z.string().uuid().optional(),
});
export type TAnalyseSharePointDocumentRequest = z.infer<typeof ZAnalyseSharePointDocumentRequest>;

export const ZSharePointDocumentAnalysis = z.object({
  filename: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  contentPreview: z.string(),
  document_id: z.string().uuid(),
  /** processing while the analysis job still runs; follow GET /document-processing/result/{document_id}. */
  status: z.enum(['completed', 'processing', 'failed']),
  analysis: z.object({
    documentType: z.string().nullable(),
    summary: z.string().nullable(),
    keyMetrics: z.array(z.object({ name: z.string(), value: z.string() })),
    riskFlags: z.array(z.string()),
    actionItems: z.array(z.string()),
    canAnalyse: z.boolean(),
  }),
});
export type TSharePointDocumentAnalysis = z.infer<typeof ZSharePointDocumentAnalysis>;

export const ZSharePointSettings = z.object({
  site_id: z.string().max(400).nullable(),
  drive_id: z.string().max(400).nullable(),
  /** The deal folders' parent inside the library, e.g. "Deals" or "Pipeline/2026". */
  folder_path: z.string().min(1).max(400),
});
export type TSharePointSettings = z.infer<typeof ZSharePointSettings>;

export const ZSharePointSettingsResponse = ZSharePointSettings.extend({
  /** True when an admin chose them; false: the default place (Deals in the root site, else OneDrive). */
  chosen: z.boolean(),
});

export const ZSharePointTestConnection = z.object({
  status: z.enum(['connected', 'failed']),
  message: z.string(),
  folders_discovered: z.number().int(),
});
export type TSharePointTestConnection = z.infer<typeof ZSharePointTestConnection>;

export const ZSharePointStats = z.object({
  total_deal_folders: z.number().int(),
  recent_deals: z.number().int(),
  connection_status: z.enum(['connected', 'not_connected', 'needs_reconnect']),
  sharepoint_docs: z.number().int(),
  sites: z.array(z.object({ name: z.string() })),
});
export type TSharePointStats = z.infer<typeof ZSharePointStats>;

export const ZDiscoveredDealFolder = z.object({
  folder_id: z.string(),
  company_name: z.string(),
  /** The deal already made from this folder, null before its first ingestion. */
  deal_id: z.string().uuid().nullable(),
  modified_at: z.string().nullable(),
});
export const ZDiscoverDealsResponse = z.object({
  deals: z.array(ZDiscoveredDealFolder),
  total: z.number().int(),
});
export type TDiscoverDealsResponse = z.infer<typeof ZDiscoverDealsResponse>;

export const INGESTION_STATUSES = ['running', 'completed', 'failed'] as const;
export const ZIngestionResult = z.object({
  execution_id: z.string().uuid(),
  mode: z.enum(['quick', 'full', 'incremental']),
  status: z.enum(INGESTION_STATUSES),
  total_deals: z.number().int(),
  processed_deals: z.number().int(),
  total_documents: z.number().int(),
  processed_documents: z.number().int(),
  failed_documents: z.number().int(),
  /** Known files whose content has not changed since they were analysed: nothing new is made. */
  unchanged_documents: z.number().int(),
  /** Not PDF, Word or Excel, or over the size limit: counted, never downloaded. */
  skipped_documents: z.number().int(),
  /** Deleted in SharePoint: marked as removed at their source, kept in Atempo. */
  removed_documents: z.number().int(),
  duration_seconds: z.number(),
  error: z.string().nullable(),
});
export type TIngestionResult = z.infer<typeof ZIngestionResult>;

export const ZFullIngestionRequest = z.object({ max_deals: z.number().int().min(1).max(10_000).optional() });

export const ZSchedulerStatus = z.object({
  is_running: z.boolean(),
  interval_hours: z.number().int(),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_result: ZIngestionResult.nullable(),
});
export type TSchedulerStatus = z.infer<typeof ZSchedulerStatus>;

export const ZSharePointSyncQuery = ZSessionQuery.extend({
  use_chunking: z.enum(['true', 'false']).default('true'),
  chunk_size: z.coerce.number().int().min(100).max(10_000).default(1000),
  /** 1 to 100; anything else falls back to 20 (spec 03 §5). */
  max_documents: z.string().max(20).optional(),
});

export const ZSharePointSyncResult = z.object({
  summary: z.string(),
  extracted_terms: z.array(z.object({ document: z.string(), terms: z.record(z.string(), z.string()) })),
  errors: z.array(z.string()),
});
export type TSharePointSyncResult = z.infer<typeof ZSharePointSyncResult>;
