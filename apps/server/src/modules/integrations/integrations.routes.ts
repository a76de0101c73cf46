import { ZIntegrationCatalogueResponse, ZIntegrationStatusSummary } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { integrationCatalogue, integrationStatusSummary } from './catalogue.ts';

const tags = ['integrations'];

/** The Data Integrations page's catalogue and setup progress (spec 03 §2, §3). */
export function integrationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/integrations/catalogue',
      {
        schema: {
          tags,
          summary: 'Every integration with my connection state, and my setup progress',
          description:
            'An integration whose provider this server lacks settings for says so (configured false, missing_settings). Integrations not built yet are coming_soon.',
          ...bearerAuth,
          response: { 200: ZIntegrationCatalogueResponse, ...errorResponses(401) },
        },
      },
      async (request) => integrationCatalogue(ctx, principalOf(request)),
    );

    app.get(
      '/integrations/status/summary',
      {
        schema: {
          tags,
          summary: 'Which integrations I have connected',
          ...bearerAuth,
          response: { 200: ZIntegrationStatusSummary, ...errorResponses(401) },
        },
      },
      async (request) => integrationStatusSummary(ctx, principalOf(request)),
    );
  };
}
