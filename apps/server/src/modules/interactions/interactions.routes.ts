import {
  ZCompanyInteractionsQuery,
  ZCompanyInteractionsResponse,
  ZCreateNoteRequest,
  ZIdParams,
  ZInteractionCreatedResponse,
  ZProcessEmailRequest,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { companyInteractions } from './company-interactions.service.ts';
import * as interactions from './interactions.service.ts';

/** Emails and notes keep their /knowledge paths and tag: they are searched with the documents. */
const tags = ['knowledge'];

export function interactionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/knowledge/company/:id/interactions',
      {
        schema: {
          tags,
          summary: "A company's documents, emails and notes, newest first",
          ...bearerAuth,
          params: ZIdParams,
          querystring: ZCompanyInteractionsQuery,
          response: { 200: ZCompanyInteractionsResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        companyInteractions(ctx.db, principalOf(request).organizationId, request.params.id, request.query),
    );

    app.post(
      '/knowledge/process-email',
      {
        schema: {
          tags,
          summary: 'Store an email as a searchable interaction with the companies it names',
          description:
            "Linked companies: those in company_names (exact name, else the closest spelling), and the organisation's companies whose names appear in the subject or body.",
          ...bearerAuth,
          body: ZProcessEmailRequest,
          response: { 201: ZInteractionCreatedResponse, ...errorResponses(401, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await interactions.processEmail(ctx.db, principalOf(request), request.body)),
    );

    app.post(
      '/knowledge/notes',
      {
        schema: {
          tags,
          summary: 'Write a searchable note on one or more companies',
          ...bearerAuth,
          body: ZCreateNoteRequest,
          response: { 201: ZInteractionCreatedResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await interactions.createNote(ctx.db, principalOf(request), request.body)),
    );
  };
}
