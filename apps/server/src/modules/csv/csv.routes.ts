import { MAX_IMPORT_BYTES, ZErrorResponse, ZImportQuery, ZImportResult } from '@atempo/contracts';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { readCsvUpload } from '../../platform/csv-upload.ts';
import { bearerAuth, errorResponses, fileResponse, multipartFileBody } from '../../platform/openapi.ts';
import type { ImportKind } from './column-mapping.ts';
import { exportCompaniesCsv, exportDealsCsv, importCsv } from './csv.service.ts';

const MAX_MB = MAX_IMPORT_BYTES / (1024 * 1024);
/** The 422 answer: the import result when rows are invalid, else a plain error. */
const ZImportFailure = ZErrorResponse.extend(ZImportResult.partial().shape);

const today = () => new Date().toISOString().slice(0, 10);

/** CSV export and import of deals and companies (sits beside /deals/:id; static paths win). */
export function csvRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });
    app.addHook('onRequest', ctx.guards.requireAuth);

    const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}-${today()}.csv"`)
        .send(csv);

    app.get(
      '/deals/export',
      {
        schema: {
          tags: ['deals'],
          summary: 'Every deal of the organisation as CSV',
          ...bearerAuth,
          response: { 200: fileResponse('text/csv', 'The deals as CSV (UTF-8)'), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'deals', await exportDealsCsv(ctx.db, principalOf(request).organizationId)),
    );

    app.get(
      '/companies/export',
      {
        schema: {
          tags: ['companies'],
          summary: 'Every company of the organisation as CSV',
          ...bearerAuth,
          response: { 200: fileResponse('text/csv', 'The companies as CSV (UTF-8)'), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'companies', await exportCompaniesCsv(ctx.db, principalOf(request).organizationId)),
    );

    for (const kind of ['deals', 'companies'] as ImportKind[]) {
      app.post(
        `/${kind}/import`,
        {
          schema: {
            tags: [kind],
            summary: `Import ${kind} from a CSV (multipart field 'file', at most ${MAX_MB} MB)`,
            description:
              'Headers are matched forgivingly (case, spacing and common Affinity/spreadsheet names). Rows naming a record the organisation already has (a company by name; a deal by its deal_number) are updated (on_existing=update) or left as they are (on_existing=skip, the default), never duplicated; each row says its action (new, update, unchanged, skip). A deal row whose deal_number names a deal of another company name renames that company or moves the deal (company_change, counted in company_renames and company_moves). A deal row without a deal_number is a new deal even when its company has deals (rows_naming_existing_companies counts them), unless existing_company_rows=update_latest_open: then it updates the latest open deal of that company. dry_run=true previews without writing; a real run writes every row in one transaction, or nothing when any row is invalid (422 with the same body).',
            ...bearerAuth,
            ...multipartFileBody(
              'file',
              `The CSV file (UTF-8, comma or semicolon separated, at most ${MAX_MB} MB)`,
            ),
            querystring: ZImportQuery,
            response: {
              200: ZImportResult,
              422: ZImportFailure,
              ...errorResponses(400, 401, 409, 413, 415),
            },
          },
        },
        async (request, reply) => {
          const buffer = (await readCsvUpload(request, MAX_MB)).buffer;
          const { organizationId, userId } = principalOf(request);
          const {
            dry_run: dryRun,
            on_existing: onExisting,
            existing_company_rows: existingCompanyRows,
          } = request.query;
          const outcome = await importCsv(ctx.db, { organizationId, userId }, kind, buffer, {
            dryRun,
            onExisting,
            existingCompanyRows,
          });
          return reply.status(outcome.status).send(outcome.body);
        },
      );
    }
  };
}
