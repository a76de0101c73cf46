import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  TDocument,
  TDocumentAnalysis,
  TDocumentProgress,
  TDocumentUploadResponse,
  TProcessingStage,
  TRecentDocumentsResponse,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import { AppError, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { DocumentIndexer } from '../../platform/ports.ts';
import { type FileStorage, StoredFileMissingError } from '../../platform/storage/index.ts';
import { latestExecutionFor, queueWorkflow, recordWorkflow } from '../../platform/workflows/index.ts';
import { findCompanyByName, getCompanyRow } from '../companies/index.ts';
import { recordDealActivity } from '../deal-activity/index.ts';
import { getDeal } from '../deals/index.ts';
import { toAnalysis, toDocument, toDocumentListItem } from './document-columns.ts';
import type { DocumentWithNames } from './documents.repository.ts';
import * as repository from './documents.repository.ts';
import { DOCUMENT_PROCESSING } from './processing.workflow.ts';
import type { UploadLinks } from './upload-fields.ts';
import type { ReceivedUpload } from './upload-receiver.ts';

export const documentNotFound = () => notFound('Document not found');

export interface DocumentServices {
  db: Database;
  storage: FileStorage;
  jobs: JobQueue;
  logger: Logger;
  documentIndexer: DocumentIndexer | null;
}

export interface Uploader {
  organizationId: string;
  userId: string;
}

/**
 * The deal and company a new document belongs to: the deal's own company when a deal is named
 * (another organisation's deal is a 404), else company_id (likewise), else the organisation's
 * company of that name when there is one. An upload never creates a company.
 */
export async function resolveLinks(
  db: Database,
  organizationId: string,
  links: UploadLinks,
): Promise<{ dealId: string | null; companyId: string | null }> {
  if (links.deal_id) {
    const deal = await getDeal(db, organizationId, links.deal_id);
    return { dealId: deal.id, companyId: deal.company_id };
  }
  if (links.company_id) {
    const company = await getCompanyRow(db, organizationId, links.company_id);
    return { dealId: null, companyId: company.id };
  }
  if (links.company_name) {
    // The one company matcher: "Acme" links the upload to a tracked "Acme Ltd".
    const company = await findCompanyByName(db, organizationId, links.company_name);
    return { dealId: null, companyId: company?.id ?? null };
  }
  return { dealId: null, companyId: null };
}

/**
 * Records an upload and queues its processing. In one transaction: the organisation's stored file
 * (the bytes go into storage only when the organisation does not have them yet), the document, its
 * workflow execution and the deal's activity. Bytes put into storage by a transaction that then
 * fails are removed before it rolls back, and a job that cannot be queued undoes the upload: an
 * upload either exists whole, with its job, or leaves nothing.
 */
export async function createDocumentFromUpload(
  services: DocumentServices,
  uploader: Uploader,
  upload: ReceivedUpload,
  links: UploadLinks,
): Promise<TDocumentUploadResponse> {
  const { db, storage } = services;
  const { organizationId, userId } = uploader;
  const { dealId, companyId } = await resolveLinks(db, organizationId, links);
  const documentId = randomUUID();
  let deduplicated = false;
  let duplicate: Awaited<ReturnType<typeof repository.findSameFileDocument>>;
  const executionId = await db.transaction(async (tx) => {
    const { created } = await repository.claimStoredFile(tx, {
      organizationId,
      sha256: upload.sha256,
      size: upload.size,
      storageKey: storage.keyOf(organizationId, upload.sha256),
    });
    // The claim above locks the stored file's row, so two uploads of one file queue here and the
    // second sees the first's document: the same file on the same deal is analysed once.
    duplicate = await repository.findSameFileDocument(
      tx,
      organizationId,
      { dealId, companyId },
      upload.sha256,
    );
    if (duplicate) return null;
    let stored = false;
    try {
      // A row whose bytes went missing (a restored backup, a hand-cleaned bucket) is healed here.
      if (created || !(await storage.exists(organizationId, upload.sha256))) {
        await storage.put(organizationId, upload.sha256, { path: upload.path, size: upload.size });
        stored = true;
      }
      deduplicated = !stored;
      await repository.insertDocument(tx, {
        id: documentId,
        organizationId,
        dealId,
        companyId,
        name: upload.filename,
        size: upload.size,
        format: upload.format,
        sha256: upload.sha256,
        status: 'processing',
        createdBy: userId,
      });
      const execution = await recordWorkflow(tx, DOCUMENT_PROCESSING, {
        organizationId,
        userId,
        input: null,
        subjectId: documentId,
      });
      if (dealId) {
        await recordDealActivity(tx, {
          organizationId,
          dealId,
          kind: 'document_added',
          summary: `Document added: ${upload.filename}`,
          details: { document_id: documentId, name: upload.filename, format: upload.format },
          actorId: userId,
        });
      }
      return execution;
    } catch (error) {
      // Before the rollback releases the stored file's row, so no concurrent upload relies on these bytes.
      if (stored) await storage.delete(organizationId, upload.sha256);
      throw error;
    }
  });
  if (duplicate) return duplicateAnswer(db, organizationId, duplicate, upload);
  if (!executionId) throw new Error('An upload that is not a duplicate has an execution');
  try {
    await queueWorkflow(services, DOCUMENT_PROCESSING, executionId);
  } catch (error) {
    // The execution is gone with the failed queueing; the document and its bytes go now.
    services.logger.error({ err: error, documentId }, 'Could not queue document processing; upload undone');
    await removeDocument(services, organizationId, documentId, { record: false });
    throw new AppError(
      503,
      'PROCESSING_UNAVAILABLE',
      'Document processing is unavailable right now; upload the file again in a moment',
    );
  }
  return {
    document_id: documentId,
    execution_id: executionId,
    status: 'processing',
    filename: upload.filename,
    file_size: upload.size,
    deduplicated,
    duplicate_of: null,
  };
}

/**
 * The answer to a second upload of a file the deal already has: the existing document, its latest
 * execution and status, and a sentence saying so. Nothing new is stored, made or analysed.
 */
async function duplicateAnswer(
  db: Database,
  organizationId: string,
  existing: NonNullable<Awaited<ReturnType<typeof repository.findSameFileDocument>>>,
  upload: ReceivedUpload,
): Promise<TDocumentUploadResponse> {
  const execution = await latestExecutionFor(db, organizationId, existing.id);
  const uploadedAt = existing.createdAt.toISOString();
  return {
    document_id: existing.id,
    execution_id: execution?.id ?? existing.id,
    status: existing.status as TDocumentUploadResponse['status'],
    filename: upload.filename,
    file_size: upload.size,
    deduplicated: true,
    duplicate_of: {
      document_id: existing.id,
      name: existing.name,
      uploaded_at: uploadedAt,
      message: `This file is already on the deal as ${existing.name} (uploaded ${uploadedAt.slice(0, 10)}); it was not analysed again.`,
    },
  };
}

export async function getDocument(db: Database, organizationId: string, id: string): Promise<TDocument> {
  const row = await repository.findDocument(db, organizationId, id);
  if (!row) throw documentNotFound();
  return toDocument(row);
}

export async function listRecentDocuments(
  db: Database,
  organizationId: string,
  limit: number,
): Promise<TRecentDocumentsResponse> {
  const rows = await repository.listRecentDocuments(db, organizationId, limit);
  return { documents: rows.map(toDocumentListItem) };
}

const STAGE_OF_STATUS: Record<string, TProcessingStage> = { completed: 'completed', failed: 'failed' };

export async function getProgress(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TDocumentProgress> {
  const document = await repository.findDocument(db, organizationId, id);
  if (!document) throw documentNotFound();
  const execution = await latestExecutionFor(db, organizationId, id);
  const finished = STAGE_OF_STATUS[document.status];
  return {
    document_id: document.id,
    execution_id: execution?.id ?? document.id,
    status: document.status as TDocumentProgress['status'],
    stage: finished ?? ((execution?.stage ?? 'queued') as TProcessingStage),
    progress: document.status === 'completed' ? 100 : (execution?.progress ?? 0),
    error: document.error,
  };
}

/**
 * The analysis of a processed document. While it is processing the answer is 409 (not ready:
 * poll the progress), and a document that could not be analysed answers 422 with its reason.
 */
export async function getResult(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TDocumentAnalysis> {
  const row = await repository.findDocument(db, organizationId, id);
  if (!row) throw documentNotFound();
  if (row.status === 'failed') {
    throw new AppError(
      422,
      'DOCUMENT_FAILED',
      row.error ?? 'Analysis failed: the document could not be read.',
    );
  }
  const analysis = toAnalysis(row);
  if (!analysis) {
    const execution = await latestExecutionFor(db, organizationId, id);
    const where = execution ? ` (${execution.stage.replace(/_/g, ' ')}, ${execution.progress} %)` : '';
    throw new AppError(
      409,
      'DOCUMENT_PROCESSING',
      `The document is still being analysed${where}; ask again when its progress says completed`,
    );
  }
  return analysis;
}

export interface Download {
  name: string;
  format: string;
  size: number;
  stream: Readable;
}

export async function openDownload(
  db: Database,
  storage: FileStorage,
  organizationId: string,
  id: string,
): Promise<Download> {
  const row = await repository.findDocument(db, organizationId, id);
  if (!row) throw documentNotFound();
  try {
    const stream = await storage.get(organizationId, row.sha256);
    return { name: row.name, format: row.format, size: row.size, stream };
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      throw new AppError(404, 'FILE_MISSING', 'The file of this document is no longer stored');
    }
    throw error;
  }
}

/**
 * Deletes a document; its bytes go only when no other document of the organisation uses them.
 * The stored file's row is locked first, so an upload of the same bytes waits and then stores
 * them again rather than pointing at deleted bytes. The search index forgets it afterwards.
 */
export async function removeDocument(
  services: Pick<DocumentServices, 'db' | 'storage' | 'logger' | 'documentIndexer'>,
  organizationId: string,
  id: string,
  options: { actorId?: string; record?: boolean } = {},
): Promise<void> {
  const { db, storage } = services;
  await db.transaction(async (tx) => {
    const document = await repository.lockDocument(tx, organizationId, id);
    if (!document) throw documentNotFound();
    await repository.lockStoredFile(tx, organizationId, document.sha256);
    await repository.deleteDocumentRow(tx, organizationId, id);
    if ((await repository.countDocumentsUsing(tx, organizationId, document.sha256)) === 0) {
      if (await repository.deleteStoredFile(tx, organizationId, document.sha256)) {
        await storage.delete(organizationId, document.sha256);
      }
    }
    if (document.dealId && options.record !== false) {
      await recordDealActivity(tx, {
        organizationId,
        dealId: document.dealId,
        kind: 'document_deleted',
        summary: `Document deleted: ${document.name}`,
        details: { document_id: id, name: document.name },
        actorId: options.actorId ?? null,
      });
    }
  });
  if (services.documentIndexer) {
    try {
      await services.documentIndexer.removeDocument(organizationId, id);
    } catch (error) {
      services.logger.error(
        { err: error, documentId: id },
        'Could not remove a deleted document from the search index',
      );
    }
  }
}

export type { DocumentWithNames };

/** The organisation's document with its company's and uploader's names, for modules that analyse it. */
export function findDocumentWithNames(
  db: Database,
  organizationId: string,
  id: string,
): Promise<DocumentWithNames | undefined> {
  return repository.findDocument(db, organizationId, id);
}

/** A deal's documents, newest first, with the names their list shows (deal intelligence). */
export function documentsOfDealWithNames(db: Database, organizationId: string, dealId: string) {
  return repository.documentsOfDeal(db, organizationId, dealId);
}
