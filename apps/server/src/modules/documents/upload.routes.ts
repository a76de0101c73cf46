import path from 'node:path';
import {
  MAX_UPLOAD_BYTES,
  ZDocumentAnalysis,
  ZDocumentProgress,
  ZDocumentUploadResponse,
  ZIdParams,
} from '@atempo/contracts';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses, multipartFileBody } from '../../platform/openapi.ts';
import * as documents from './documents.service.ts';
import {
  parseUploadFields,
  type UploadLinks,
  ZProcessUploadFields,
  ZWorkflowUploadFields,
} from './upload-fields.ts';
import { receiveUpload, sweepStaleUploads, UPLOAD_LIMITS } from './upload-receiver.ts';

const tags = ['documents'];

const FILE_DESCRIPTION = `The document: PDF, Word (.doc, .docx) or Excel (.xls, .xlsx), at most ${MAX_UPLOAD_BYTES} bytes. Its content decides its type, not its name.`;

const UPLOAD_DESCRIPTION =
  'Answers at once (202) with the document id and the workflow execution id; the analysis runs as a job (extract, classify, key metrics, risk flags, summary, search index). Follow it with GET /document-processing/progress/{document_id} or GET /agents/workflows/{execution_id}/status, then read GET /document-processing/result/{document_id}. The same file uploaded twice in an organisation is stored once (deduplicated: true); on another deal or company it makes a second document, but a file the same deal (or, without a deal, the same company) already has answers 200 with duplicate_of and the id of the existing document, and is not analysed again. 413: larger than 10 MB; 415: not a PDF, Word or Excel file by its content; a refused upload stores nothing.';

const ZProcessQuery = z.object({
  /** The spec's client sends true; the work always runs as a job, so false answers the same. */
  async_processing: z.enum(['true', 'false']).default('true'),
});

/** Uploads and their processing: the two upload calls of spec 01 §7, progress and result. */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: UPLOAD_LIMITS });
    app.addHook('onRequest', ctx.guards.requireAuth);
    const tempDirectory = path.join(ctx.config.dataDir, 'tmp', 'uploads');
    await sweepStaleUploads(tempDirectory);

    async function upload(
      request: FastifyRequest,
      reply: FastifyReply,
      fields: typeof ZWorkflowUploadFields | typeof ZProcessUploadFields,
    ) {
      const { organizationId, userId } = principalOf(request);
      const received = await receiveUpload(request, tempDirectory);
      try {
        const links: UploadLinks = parseUploadFields(fields, received.fields);
        const answer = await documents.createDocumentFromUpload(
          ctx,
          { organizationId, userId },
          received,
          links,
        );
        // A file the deal already has is not accepted for processing again: 200, the existing document.
        return reply.status(answer.duplicate_of ? 200 : 202).send(answer);
      } finally {
        await received.discard();
      }
    }

    const uploadErrors = errorResponses(400, 401, 404, 413, 415, 422, 503);

    app.post(
      '/workflows/document-processing',
      {
        schema: {
          tags,
          summary: 'Upload a document of a deal and analyse it as a job',
          description: `${UPLOAD_DESCRIPTION} The deal must be the organisation's (404 otherwise); the document belongs to the deal and its company.`,
          ...bearerAuth,
          ...multipartFileBody('file', FILE_DESCRIPTION, {
            deal_id: { description: 'The deal the document belongs to.', required: true, format: 'uuid' },
            company_name: { description: "The deal's company, as the client shows it.", required: true },
          }),
          response: { 200: ZDocumentUploadResponse, 202: ZDocumentUploadResponse, ...uploadErrors },
        },
      },
      (request, reply) => upload(request, reply, ZWorkflowUploadFields),
    );

    app.post(
      '/document-processing/process',
      {
        schema: {
          tags,
          summary: 'Upload a document and analyse it as a job',
          description: `${UPLOAD_DESCRIPTION} Optionally linked to a deal (deal_id), else a company (company_id, or company_name of an existing company).`,
          ...bearerAuth,
          ...multipartFileBody('file', FILE_DESCRIPTION, {
            deal_id: { description: 'A deal of the organisation to link the document to.', format: 'uuid' },
            company_id: { description: 'A company of the organisation to link it to.', format: 'uuid' },
            company_name: { description: 'The name of a company of the organisation to link it to.' },
          }),
          querystring: ZProcessQuery,
          response: { 200: ZDocumentUploadResponse, 202: ZDocumentUploadResponse, ...uploadErrors },
        },
      },
      (request, reply) => upload(request, reply, ZProcessUploadFields),
    );

    app.get(
      '/document-processing/progress/:id',
      {
        schema: {
          tags,
          summary: "A document's processing: its stage and a percentage",
          description:
            'By the document id the upload answered. status is processing, completed or failed (then error holds the reason, "Analysis failed: …").',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDocumentProgress, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        documents.getProgress(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.get(
      '/document-processing/result/:id',
      {
        schema: {
          tags,
          summary: "A processed document's analysis, every figure with its source",
          description:
            '409 DOCUMENT_PROCESSING while the document is still being analysed (poll the progress); 422 DOCUMENT_FAILED with the reason when it could not be analysed.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDocumentAnalysis, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => documents.getResult(ctx.db, principalOf(request).organizationId, request.params.id),
    );
  };
}
