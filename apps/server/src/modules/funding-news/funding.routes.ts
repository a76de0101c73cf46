import {
  MAX_FUNDING_IMPORT_BYTES,
  ZAddCompanyFromSignalResponse,
  ZFundingAnnouncement,
  ZFundingAnnouncementsQuery,
  ZFundingAnnouncementsResponse,
  ZFundingImportResult,
  ZFundingStats,
  ZFundingStatsQuery,
  ZIdParams,
  ZProcessFundingRequest,
  ZProcessFundingResponse,
} from '@atempo/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Principal, principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { readCsvUpload } from '../../platform/csv-upload.ts';
import { bearerAuth, errorResponses, multipartFileBody } from '../../platform/openapi.ts';
import { addCompanyFromRound, queueSignalScan } from '../signals/index.ts';
import {
  fundingStats,
  getFundingAnnouncement,
  listFundingAnnouncements,
} from './funding-announcements.service.ts';
import { importFundingCsv } from './funding-import.ts';
import { ingestArticles } from './funding-ingest.ts';

const tags = ['intelligence'];
const MAX_MB = MAX_FUNDING_IMPORT_BYTES / (1024 * 1024);
/** 200 articles at their longest (title 500, url 2,000, summary 20,000 characters): above the app's 1 MB default, still bounded. */
const PROCESS_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Funding announcements: posted articles, CSV imports, the Live Funding Signals list and its stats,
 * one round (where search results lead) and adding a round's company.
 */
export function fundingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_FUNDING_IMPORT_BYTES, files: 1, fields: 5 } });
    app.addHook('onRequest', ctx.guards.requireAuth);
    const deps = { db: ctx.db, fxRates: ctx.config.fxRates };
    /** New or merged rounds may be signals and alerts: the scan runs as a workflow right after. */
    const scanNewRounds = async (principal: Principal, announcementIds: string[]) =>
      announcementIds.length === 0
        ? null
        : queueSignalScan(ctx, principal.organizationId, { userId: principal.userId, announcementIds });

    app.post(
      '/signals/funding-intelligence/process',
      {
        bodyLimit: PROCESS_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Read articles from any source into funding announcements',
          description:
            'Each article (title, url, summary, published_at, source) is read once per organisation (by url, else by source and title). Funding news becomes an announcement, or joins the announcement of the same round reported by another source; anything else is skipped with the reason. published_at may be an ISO 8601 date-time (no offset means UTC), a bare date (2026-03-01) or an RFC 822 date as in RSS. At most 200 articles per call. A batch with an invalid article is refused whole (422, nothing read) and errors[] names each fault by its path, e.g. articles.3.published_at: fix it and send the batch again.',
          ...bearerAuth,
          body: ZProcessFundingRequest,
          response: { 200: ZProcessFundingResponse, ...errorResponses(400, 401, 413, 422) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const result = await ingestArticles(deps, principal.organizationId, request.body.articles, null);
        return {
          items: result.items,
          created: result.created,
          merged: result.merged,
          skipped: result.skipped,
          announcement_ids: result.announcement_ids,
          scan_execution_id: await scanNewRounds(principal, result.announcement_ids),
          results: result.results,
        };
      },
    );

    app.post(
      '/intelligence/funding-announcements/import',
      {
        schema: {
          tags,
          summary: `Import funding rounds from a CSV export (multipart field 'file', at most ${MAX_MB} MB)`,
          description:
            "A Crunchbase-style export: company, round type, amount, currency, date, investors (headers matched case-insensitively, with aliases such as 'Organization Name', 'Funding Type', 'Money Raised', 'Money Raised Currency', 'Announced Date', 'Investor Names', 'Lead Investors'). UTF-8 (with or without BOM), UTF-16 and Windows-1252; CRLF, LF or CR line endings. Rows with a blank or unreadable amount are kept with the amount unknown; each problem is listed by line. Only a file that is not CSV text (415) or has no company column (422) is refused.",
          ...bearerAuth,
          ...multipartFileBody('file', `The CSV file (at most ${MAX_MB} MB)`),
          response: { 200: ZFundingImportResult, ...errorResponses(400, 401, 413, 415, 422) },
        },
      },
      async (request) => {
        const { buffer, filename } = await readCsvUpload(request, MAX_MB);
        const name = `CSV import${filename ? ` (${filename.slice(0, 100)})` : ''}`;
        const principal = principalOf(request);
        const result = await importFundingCsv(deps, principal.organizationId, buffer, name);
        return { ...result, scan_execution_id: await scanNewRounds(principal, result.announcement_ids) };
      },
    );

    app.get(
      '/intelligence/funding-announcements',
      {
        schema: {
          tags,
          summary: 'Live Funding Signals: announcements of the last `days` days, newest first, paged',
          description:
            'days counts back from now over the announcement date (default 30); limit 50 per page by default.',
          ...bearerAuth,
          querystring: ZFundingAnnouncementsQuery,
          response: { 200: ZFundingAnnouncementsResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => listFundingAnnouncements(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/intelligence/funding-announcements/stats',
      {
        schema: {
          tags,
          summary: 'The /intelligence stats cards over the same period as the list',
          ...bearerAuth,
          querystring: ZFundingStatsQuery,
          response: { 200: ZFundingStats, ...errorResponses(401, 422) },
        },
      },
      async (request) => fundingStats(ctx.db, principalOf(request).organizationId, request.query.days),
    );

    app.get(
      '/intelligence/funding-announcements/:id',
      {
        schema: {
          tags,
          summary: 'One funding round, as its Live Funding Signals card shows it',
          description:
            'Search results for a round lead to /intelligence?announcement={id}, which reads this.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZFundingAnnouncement, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        getFundingAnnouncement(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.post(
      '/intelligence/funding-announcements/:id/add-company',
      {
        schema: {
          tags,
          summary: "Add the round's company to your companies (as POST /signals/{id}/add-company does)",
          description:
            "Goes through the round's funding_round signal, deriving it first when the scan has not reached the round yet: 201 with a new company, 200 with created false when it links to your company of that name.",
          ...bearerAuth,
          params: ZIdParams,
          response: {
            200: ZAddCompanyFromSignalResponse,
            201: ZAddCompanyFromSignalResponse,
            ...errorResponses(401, 404, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const added = await addCompanyFromRound(ctx, principalOf(request), request.params.id);
        return reply.status(added.created ? 201 : 200).send(added);
      },
    );
  };
}
