import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  ZAnalyseSharePointDocumentRequest,
  ZDiscoverDealsResponse,
  ZFullIngestionRequest,
  ZIngestionResult,
  ZSchedulerStatus,
  ZSessionQuery,
  ZSharePointDocumentAnalysis,
  ZSharePointDrivesResponse,
  ZSharePointItemsQuery,
  ZSharePointItemsResponse,
  ZSharePointSettings,
  ZSharePointSettingsResponse,
  ZSharePointSitesResponse,
  ZSharePointStats,
  ZSharePointSyncQuery,
  ZSharePointSyncResult,
  ZSharePointTestConnection,
} from '@atempo/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../../platform/openapi.ts';
import { analyseDriveDocument } from './analyse.service.ts';
import {
  discoverDeals,
  getSharePointSettings,
  putSharePointSettings,
  sharePointStats,
  testConnection,
} from './automation.service.ts';
import { downloadFile, listDrives, listItems, listSites } from './browse.service.ts';
import {
  ingestionResult,
  schedulerStatus,
  startIngestionFor,
  startScheduler,
  stopScheduler,
} from './ingestion.service.ts';
import { maxDocumentsOf, syncDealDocuments } from './sync.service.ts';

const tags = ['sharepoint'];
const graphErrors = errorResponses(401, 403, 404, 409, 503);
const ZGraphId = z.string().min(1).max(400);

/**
 * SharePoint and OneDrive (spec 03 §7). Any member browses and analyses with their own Microsoft
 * account; choosing the deal folders, ingestion and the scheduler are for admins.
 */
export function sharePointRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);
    const adminOnly = { onRequest: ctx.guards.requireAdmin };

    app.get(
      '/sharepoint/sites',
      {
        schema: {
          tags,
          summary: 'My SharePoint sites: the root site and those the search finds',
          description:
            'A personal Microsoft account has no SharePoint: personal_account true, with OneDrive to use instead.',
          ...bearerAuth,
          querystring: ZSessionQuery,
          response: { 200: ZSharePointSitesResponse, ...graphErrors },
        },
      },
      async (request) => listSites(ctx, principalOf(request), request.query.session_id),
    );

    app.get(
      '/sharepoint/sites/:siteId/drives',
      {
        schema: {
          tags,
          summary: 'The document libraries of a site',
          ...bearerAuth,
          params: z.object({ siteId: ZGraphId }),
          querystring: ZSessionQuery,
          response: { 200: ZSharePointDrivesResponse, ...graphErrors },
        },
      },
      async (request) =>
        listDrives(ctx, principalOf(request), request.params.siteId, request.query.session_id),
    );

    app.get(
      '/sharepoint/drives/:driveId/items',
      {
        schema: {
          tags,
          summary: 'The folders and files of a folder of a library (drive "me": my OneDrive)',
          ...bearerAuth,
          params: z.object({ driveId: ZGraphId }),
          querystring: ZSharePointItemsQuery,
          response: { 200: ZSharePointItemsResponse, ...graphErrors },
        },
      },
      async (request) =>
        listItems(
          ctx,
          principalOf(request),
          request.params.driveId,
          request.query.folder_path,
          request.query.session_id,
        ),
    );

    app.get(
      '/sharepoint/drives/:driveId/items/:itemId/download',
      {
        schema: {
          tags,
          summary: 'Download a file (streamed from Microsoft, never held whole)',
          ...bearerAuth,
          params: z.object({ driveId: ZGraphId, itemId: ZGraphId }),
          querystring: ZSessionQuery,
          response: { 200: z.any(), ...graphErrors },
        },
      },
      async (request, reply) => {
        const { name, content } = await downloadFile(
          ctx,
          principalOf(request),
          request.params.driveId,
          request.params.itemId,
          request.query.session_id,
        );
        reply.header('content-type', content.contentType ?? 'application/octet-stream');
        reply.header('content-disposition', contentDisposition(name));
        if (content.size !== null) reply.header('content-length', String(content.size));
        return reply.send(Readable.fromWeb(content.body as WebReadableStream<Uint8Array>));
      },
    );

    app.post(
      '/sharepoint/analyse-document',
      {
        schema: {
          tags,
          summary: 'Analyse a SharePoint or OneDrive file with the document pipeline',
          description:
            'The file joins the deal (deal_id) or the company (company_name) like an upload. Answers the analysis when it is ready within 20 seconds, else status processing: follow GET /document-processing/result/{document_id}. 413: over 10 MB; 415: not a PDF, Word or Excel file by its content.',
          ...bearerAuth,
          body: ZAnalyseSharePointDocumentRequest,
          response: {
            200: ZSharePointDocumentAnalysis,
            ...errorResponses(401, 403, 404, 409, 413, 415, 422, 503),
          },
        },
      },
      async (request) => analyseDriveDocument(ctx, principalOf(request), request.body),
    );

    app.get(
      '/sharepoint/settings',
      {
        schema: {
          tags,
          summary: 'Where the deal folders are (chosen false: the default place)',
          ...bearerAuth,
          response: { 200: ZSharePointSettingsResponse, ...errorResponses(401) },
        },
      },
      async (request) => getSharePointSettings(ctx, principalOf(request).organizationId),
    );

    app.put(
      '/sharepoint/settings',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Choose the site, library and folder of the deal folders (admins)',
          ...bearerAuth,
          body: ZSharePointSettings,
          response: { 200: ZSharePointSettingsResponse, ...errorResponses(401, 403, 409, 422, 503) },
        },
      },
      async (request) => putSharePointSettings(ctx, principalOf(request), request.body),
    );

    app.post(
      '/sharepoint/test-connection',
      {
        schema: {
          tags,
          summary: 'Check the Microsoft 365 connection and count the deal folders',
          ...bearerAuth,
          querystring: ZSessionQuery,
          response: { 200: ZSharePointTestConnection, ...graphErrors },
        },
      },
      async (request) => testConnection(ctx, principalOf(request), request.query.session_id),
    );

    app.get(
      '/sharepoint/stats',
      {
        schema: {
          tags,
          summary: 'Deal folders, recent deals, the connection and the documents ingested',
          ...bearerAuth,
          querystring: ZSessionQuery,
          response: { 200: ZSharePointStats, ...graphErrors },
        },
      },
      async (request) => sharePointStats(ctx, principalOf(request), request.query.session_id),
    );

    app.get(
      '/sharepoint/discover-deals',
      {
        schema: {
          tags,
          summary: 'The deal folders, newest first, with the deal each one feeds',
          ...bearerAuth,
          querystring: ZSessionQuery,
          response: { 200: ZDiscoverDealsResponse, ...graphErrors },
        },
      },
      async (request) => discoverDeals(ctx, principalOf(request), request.query.session_id),
    );

    const ingestionDescription =
      'Answers 202 at once with the run (status running); follow GET /sharepoint/ingest/{execution_id}. Each deal folder becomes a company and a deal (found by name, else created with source SharePoint); each PDF, Word or Excel file up to 10 MB is analysed as a document of that deal; others are counted as skipped, never downloaded. Running again makes nothing new; a changed file is analysed again; a deleted one is marked removed. One run at a time per organisation: while one is queued or running, starting another answers that run.';
    const ingestionErrors = errorResponses(401, 403, 404, 409, 503);

    app.post(
      '/sharepoint/ingest',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Ingest the 5 most recently changed deal folders (admins)',
          description: ingestionDescription,
          ...bearerAuth,
          querystring: ZSessionQuery,
          body: ZSessionQuery.nullish(),
          response: { 202: ZIngestionResult, ...ingestionErrors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(
          await startIngestionFor(ctx, principalOf(request), 'quick', {
            sessionId: request.query.session_id,
          }),
        ),
    );

    app.post(
      '/sharepoint/ingest/full',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Ingest every deal folder, or the max_deals most recent (admins)',
          description: ingestionDescription,
          ...bearerAuth,
          querystring: ZSessionQuery,
          body: ZFullIngestionRequest.nullish(),
          response: { 202: ZIngestionResult, ...ingestionErrors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(
          await startIngestionFor(ctx, principalOf(request), 'full', {
            maxDeals: request.body?.max_deals,
            sessionId: request.query.session_id,
          }),
        ),
    );

    app.post(
      '/knowledge/process-sharepoint',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Bring the SharePoint deal folders into the Knowledge Hub: a full ingestion (admins)',
          description: `The Knowledge Hub's name for POST /sharepoint/ingest/full. ${ingestionDescription}`,
          ...bearerAuth,
          response: { 202: ZIngestionResult, ...ingestionErrors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await startIngestionFor(ctx, principalOf(request), 'full', {})),
    );

    app.post(
      '/sharepoint/ingest/incremental',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Ingest what changed since the last run, from the drive’s Graph delta (admins)',
          description: `${ingestionDescription} Only changed items are downloaded; without a cursor yet (or when Graph has forgotten it) the run enumerates the folders and diffs.`,
          ...bearerAuth,
          querystring: ZSessionQuery,
          response: { 202: ZIngestionResult, ...ingestionErrors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(
          await startIngestionFor(ctx, principalOf(request), 'incremental', {
            sessionId: request.query.session_id,
          }),
        ),
    );

    app.get(
      '/sharepoint/ingest/:executionId',
      {
        schema: {
          tags,
          summary: 'An ingestion run: its figures so far, or its outcome',
          ...bearerAuth,
          params: z.object({ executionId: z.uuid() }),
          response: { 200: ZIngestionResult, ...errorResponses(401, 404) },
        },
      },
      async (request) =>
        ingestionResult(ctx.db, principalOf(request).organizationId, request.params.executionId),
    );

    app.get(
      '/sharepoint/scheduler/status',
      {
        schema: {
          tags,
          summary: 'Whether incremental ingestion runs every 6 hours, and its last run',
          ...bearerAuth,
          response: { 200: ZSchedulerStatus, ...errorResponses(401) },
        },
      },
      async (request) => schedulerStatus(ctx.db, principalOf(request).organizationId),
    );

    app.post(
      '/sharepoint/scheduler/start',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Run incremental ingestion every 6 hours as my Microsoft account (admins)',
          ...bearerAuth,
          response: { 200: ZSchedulerStatus, ...errorResponses(401, 403, 409) },
        },
      },
      async (request) => startScheduler(ctx, principalOf(request)),
    );

    app.post(
      '/sharepoint/scheduler/stop',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Stop the scheduled ingestion (admins)',
          ...bearerAuth,
          response: { 200: ZSchedulerStatus, ...errorResponses(401, 403) },
        },
      },
      async (request) => stopScheduler(ctx, principalOf(request)),
    );

    app.post(
      '/sharepoint/sync',
      {
        schema: {
          tags,
          summary:
            'Index the most recent SharePoint documents into the Knowledge Hub, with their facility terms',
          description:
            'max_documents: 1 to 100; empty or anything else means 20. Passages are cut by the Knowledge Hub’s own chunking (use_chunking and chunk_size are accepted for the client, which sends them).',
          ...bearerAuth,
          querystring: ZSharePointSyncQuery,
          response: { 200: ZSharePointSyncResult, ...errorResponses(401) },
        },
      },
      async (request) =>
        syncDealDocuments(ctx, principalOf(request), {
          maxDocuments: maxDocumentsOf(request.query.max_documents),
        }),
    );
  };
}
