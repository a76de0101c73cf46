import {
  ZDocument,
  ZIdParams,
  ZOkResponse,
  ZRecentDocumentsQuery,
  ZRecentDocumentsResponse,
} from '@atempo/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses, fileResponse } from '../../platform/openapi.ts';
import * as documents from './documents.service.ts';

const tags = ['documents'];

/** The media type each sniffed format is served with. */
export const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

export function documentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/documents/recent',
      {
        schema: {
          tags,
          summary: "The organisation's newest documents, as the Knowledge Hub cards show them",
          description:
            'Each item previews its analysis (type, confidence, summary, the first 2 key metrics, the first 2 risk flags and their count); GET /documents/{id} has the whole analysis.',
          ...bearerAuth,
          querystring: ZRecentDocumentsQuery,
          response: { 200: ZRecentDocumentsResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) =>
        documents.listRecentDocuments(ctx.db, principalOf(request).organizationId, request.query.limit),
    );

    app.get(
      '/documents/:id',
      {
        schema: {
          tags,
          summary: 'One document, with its whole analysis once processed',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDocument, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        documents.getDocument(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.get(
      '/documents/:id/download',
      {
        schema: {
          tags,
          summary: 'The uploaded file, byte for byte, under its name',
          description:
            'Served as an attachment with the media type of its format (PDF, Word, Excel); 404 FILE_MISSING when the bytes are no longer stored.',
          ...bearerAuth,
          params: ZIdParams,
          response: {
            200: fileResponse('application/octet-stream', 'The file (its own media type)'),
            ...errorResponses(401, 404, 422),
          },
        },
      },
      async (request, reply) => {
        const { organizationId } = principalOf(request);
        const file = await documents.openDownload(ctx.db, ctx.storage, organizationId, request.params.id);
        return (
          reply
            .type(MEDIA_TYPES[file.format] ?? 'application/octet-stream')
            .header('Content-Length', file.size)
            .header('Content-Disposition', contentDisposition(file.name))
            .header('Cache-Control', 'private, no-cache')
            // The schema documents the body as text; Fastify streams a Readable as it is.
            .send(file.stream as unknown as string)
        );
      },
    );

    app.delete(
      '/documents/:id',
      {
        schema: {
          tags,
          summary: 'Delete a document',
          description:
            'Removes the document, its analysis and its search passages. The file itself is deleted when no other document of the organisation has the same content.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId, userId } = principalOf(request);
        await documents.removeDocument(ctx, organizationId, request.params.id, { actorId: userId });
        return { success: true as const };
      },
    );
  };
}
