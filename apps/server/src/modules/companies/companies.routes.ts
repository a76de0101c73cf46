import {
  ZCompanyListQuery,
  ZCompanyListResponse,
  ZCompanyWithWatch,
  ZCreateCompanyRequest,
  ZIdParams,
  ZOkResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as companies from './companies.service.ts';

const tags = ['companies'];

export function companiesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/companies',
      {
        schema: {
          tags,
          summary: 'Companies, searched, filtered by monitoring priority, sorted and paged',
          ...bearerAuth,
          querystring: ZCompanyListQuery,
          response: { 200: ZCompanyListResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => companies.listCompanies(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.post(
      '/companies',
      {
        schema: {
          tags,
          summary: 'Add a company, scored against the thesis',
          description:
            'Amounts in EUR; revenue_growth is a fraction. confidence_score defaults to 0.6 (medium) for a company entered by hand. 409 when the organisation already has a company of that name (any case).',
          ...bearerAuth,
          body: ZCreateCompanyRequest,
          response: { 201: ZCompanyWithWatch, ...errorResponses(400, 401, 409, 422) },
        },
      },
      async (request, reply) => {
        const { organizationId } = principalOf(request);
        const company = await companies.createCompany(ctx.db, organizationId, request.body);
        return reply.status(201).send(companies.toCompanyWithWatch({ ...company, watchlistEntryId: null }));
      },
    );

    app.delete(
      '/companies/:id',
      {
        schema: {
          tags,
          summary: 'Delete a company and all of its deals',
          description:
            'Deletes the company, every deal of the company, and its watchlist entry. This cannot be undone.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        await companies.deleteCompany(ctx.db, principalOf(request).organizationId, request.params.id);
        return { success: true as const };
      },
    );
  };
}
