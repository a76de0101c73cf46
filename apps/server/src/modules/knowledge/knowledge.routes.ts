import {
  ZInactiveCompaniesQuery,
  ZInactiveCompaniesResponse,
  ZKnowledgeInitializeResponse,
  ZKnowledgeSearchRequest,
  ZKnowledgeSearchResponse,
  ZSimilarCompaniesQuery,
  ZSimilarCompaniesResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { requireCompanyIds } from '../companies/index.ts';
import * as companies from './company-knowledge.service.ts';
import { startKnowledgeIndex } from './knowledge-index.workflow.ts';
import { searchKnowledge } from './passage-search.service.ts';

const tags = ['knowledge'];

export function knowledgeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.post(
      '/knowledge/search',
      {
        schema: {
          tags,
          summary: "Search the organisation's documents, emails, notes and companies",
          description:
            'Questions or keywords: passages matching most of the words rank first, none is required; "quoted phrases" and -exclusions must hold. One result per document by default (its best passage), up to passages_per_document. An empty query lists the newest documents.',
          ...bearerAuth,
          body: ZKnowledgeSearchRequest,
          response: { 200: ZKnowledgeSearchResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId } = principalOf(request);
        // Companies to search within are the organisation's, or 404 (not an empty result).
        await requireCompanyIds(ctx.db, organizationId, request.body.company_ids);
        return searchKnowledge(ctx.db, organizationId, request.body);
      },
    );

    app.get(
      '/knowledge/similar-companies',
      {
        schema: {
          tags,
          summary: 'Companies of the organisation closest to a description or a name',
          ...bearerAuth,
          querystring: ZSimilarCompaniesQuery,
          response: { 200: ZSimilarCompaniesResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) =>
        companies.similarCompanies(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/knowledge/companies/inactive',
      {
        schema: {
          tags,
          summary: 'Companies with no document, email, note or deal activity for `days` days',
          ...bearerAuth,
          querystring: ZInactiveCompaniesQuery,
          response: { 200: ZInactiveCompaniesResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) =>
        companies.inactiveCompanies(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.post(
      '/knowledge/initialize',
      {
        schema: {
          tags,
          summary: "Rebuild the organisation's search index, as a job",
          description:
            'Answers at once with the execution id; GET /agents/workflows/{id}/status follows it to completed or failed.',
          ...bearerAuth,
          response: { 202: ZKnowledgeInitializeResponse, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const caller = principalOf(request);
        return reply.status(202).send(await startKnowledgeIndex(ctx, caller.organizationId, caller.userId));
      },
    );
  };
}
