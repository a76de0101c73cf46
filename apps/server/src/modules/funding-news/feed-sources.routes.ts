import {
  ZCreateIntelligenceSourceRequest,
  ZCuratedFeedsResponse,
  ZIdParams,
  ZIntelligenceSource,
  ZIntelligenceSourcesQuery,
  ZIntelligenceSourcesResponse,
  ZOkResponse,
  ZSourceFetchResponse,
  ZUpdateIntelligenceSourceRequest,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { feedFetcherDeps } from './feed-sources.jobs.ts';
import * as sources from './feed-sources.service.ts';

const tags = ['intelligence'];

/** Funding-news feeds: members read them, admins change and fetch them. */
export function intelligenceSourcesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { requireAuth, requireAdmin } = ctx.guards;
  const fetcher = feedFetcherDeps(ctx);

  return async (app) => {
    app.get(
      '/intelligence/sources',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "The organisation's feeds with their last run, oldest first",
          ...bearerAuth,
          querystring: ZIntelligenceSourcesQuery,
          response: { 200: ZIntelligenceSourcesResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => sources.listSources(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/intelligence/sources/curated',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Public European and UK funding-news feeds an admin may add',
          description: 'source_id is the organisation’s source for the feed once added, else null.',
          ...bearerAuth,
          response: { 200: ZCuratedFeedsResponse, ...errorResponses(401) },
        },
      },
      async (request) => sources.listCuratedFeeds(ctx.db, principalOf(request).organizationId),
    );

    app.post(
      '/intelligence/sources',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Follow an RSS or Atom feed (admin)',
          description:
            'enabled defaults to false: the scheduled fetch (every 30 minutes) reads only enabled feeds. 409 when the organisation already follows the URL.',
          ...bearerAuth,
          body: ZCreateIntelligenceSourceRequest,
          response: { 201: ZIntelligenceSource, ...errorResponses(400, 401, 403, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await sources.createSource(ctx.db, principalOf(request), request.body)),
    );

    app.patch(
      '/intelligence/sources/:id',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Rename, re-address, enable or disable a feed (admin)',
          ...bearerAuth,
          params: ZIdParams,
          body: ZUpdateIntelligenceSourceRequest,
          response: { 200: ZIntelligenceSource, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        sources.updateSource(ctx.db, principalOf(request).organizationId, request.params.id, request.body),
    );

    app.delete(
      '/intelligence/sources/:id',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Stop following a feed (admin); announcements already found stay',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        await sources.deleteSource(ctx.db, principalOf(request).organizationId, request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/intelligence/sources/:id/fetch',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Fetch a feed now and answer the outcome (admin)',
          description:
            'Works on a disabled feed too (Test fetch). A feed that fails is not an API error: the run answers status error with the reason, which is also kept on the source.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZSourceFetchResponse, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) =>
        sources.fetchSourceNow(fetcher, principalOf(request).organizationId, request.params.id),
    );
  };
}
