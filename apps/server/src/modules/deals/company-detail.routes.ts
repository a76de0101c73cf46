import { ZCompanyDetail, ZIdParams, ZUpdateCompanyRequest } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as companies from '../companies/index.ts';
import * as deals from './deals.service.ts';

const tags = ['companies'];

/**
 * The company routes that answer or change a company's deals too. They live here, with the deals,
 * because deals build on companies: the companies module cannot import the deals module.
 */
export function companyDetailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** The company with its watchlist entry and, for the detail page, its deals in brief. */
  async function detail(organizationId: string, id: string) {
    const company = await companies.getCompany(ctx.db, organizationId, id);
    return {
      ...companies.toCompanyWithWatch(company),
      deals: await deals.listDealsOfCompany(ctx.db, organizationId, id),
    };
  }

  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/companies/:id',
      {
        schema: {
          tags,
          summary: 'One company with its deals and watchlist entry',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZCompanyDetail, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => detail(principalOf(request).organizationId, request.params.id),
    );

    app.patch(
      '/companies/:id',
      {
        schema: {
          tags,
          summary: 'Change any subset of fields',
          description:
            'Re-scores the company when a field its scores read changes; a new funding stage re-scores its deals too.',
          ...bearerAuth,
          params: ZIdParams,
          body: ZUpdateCompanyRequest,
          response: { 200: ZCompanyDetail, ...errorResponses(400, 401, 404, 409, 422) },
        },
      },
      async (request) => {
        const { organizationId } = principalOf(request);
        const { id } = request.params;
        await ctx.db.transaction(async (tx) => {
          const { dealsNeedRescore } = await companies.updateCompany(tx, organizationId, id, request.body);
          if (dealsNeedRescore) await deals.rescoreDealsOfCompany(tx, organizationId, id);
        });
        return detail(organizationId, id);
      },
    );
  };
}
