import {
  MAX_FUNDING_IMPORT_BYTES,
  ZAddCompanyFromSignalResponse,
  ZFundingImportPreview,
  ZFundingImportResult,
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
import { importFundingCsv, ingestArticles, previewFundingImport } from '../funding-news/index.ts';
import { addCompanyFromRound } from './add-company-from-round.ts';
import { queueSignalScan } from './signal-scan.ts';

const tags = ['intelligence'];
const MAX_MB = MAX_FUNDING_IMPORT_BYTES / (1024 * 1024);
/** 200 articles at their longest (title 500, url 2,000, summary 20,000 characters): above the app's 1 MB default, still bounded. */
const PROCESS_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * The funding-round routes that lead to signals: posted articles and CSV imports (stored by the
 * funding-news module, then scanned), and adding a round's company (through its funding_round
 * signal). They compose funding news and signals, so they live here, the module that reads both;
 * the paths stay under /intelligence and /signals/funding-intelligence as before.
 */
export function fundingRoundRoutes(ctx: AppContext): FastifyPluginAsyncZod {
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
            "A Crunchbase-style export: company, round type, amount, currency, date, investors (headers matched case-insensitively, with aliases such as 'Organization Name', 'Funding Type', 'Money Raised', 'Money Raised Currency', 'Announced Date', 'Investor Names', 'Lead Investors'). UTF-8 (with or without BOM), UTF-16 and Windows-1252; CRLF, LF or CR line endings. Also Crunchbase (funded_at, raised_amount_usd, funding_round_type, funding_round_code, company_country_code, company_category_code), PitchBook, Dealroom and CB Insights headers. Rows with a blank, 'N/A' or 'undisclosed' amount are kept with the amount unknown; rows without a readable date are refused; each problem is listed by line. A file that is not CSV text (415) or has no company, date or amount column (422) is refused. Each dated round is its own announcement; only reports of the same round (company, stage, dates within 14 days, amounts within 20%) merge.",
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

    app.post(
      '/intelligence/funding-announcements/import/preview',
      {
        schema: {
          tags,
          summary: `Preview a funding-rounds CSV import without writing anything (multipart field 'file', at most ${MAX_MB} MB)`,
          description:
            'What each column became, the first rows as they would be stored, and the counts: rows, rounds kept, duplicates within the file, rows refused with their reasons. A file without a company, date or amount column is refused here (422), as the import refuses it.',
          ...bearerAuth,
          ...multipartFileBody('file', `The CSV file (at most ${MAX_MB} MB)`),
          response: { 200: ZFundingImportPreview, ...errorResponses(400, 401, 413, 415, 422) },
        },
      },
      async (request) => {
        const { buffer, filename } = await readCsvUpload(request, MAX_MB);
        const name = `CSV import${filename ? ` (${filename.slice(0, 100)})` : ''}`;
        return previewFundingImport(deps, buffer, name);
      },
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
