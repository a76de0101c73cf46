import {
  ZCreateDealRequest,
  ZDeal,
  ZDealBoardResponse,
  ZDealListQuery,
  ZDealListResponse,
  ZDealSummaryResponse,
  ZIdParams,
  ZOkResponse,
  ZUpdateDealRequest,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as deals from './deals.service.ts';

const tags = ['deals'];

export function dealsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/deals',
      {
        schema: {
          tags,
          summary: 'The pipeline, filtered, sorted and paged: one table row per deal',
          description:
            'stage takes one or several stages (repeated or comma-separated); min_score/max_score bound the thematic score (0–10, unscored deals excluded); q matches the company name or the description. Each row carries only what the table shows; GET /deals/{id} has the whole deal.',
          ...bearerAuth,
          querystring: ZDealListQuery,
          response: { 200: ZDealListResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => deals.listDeals(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/deals/board',
      {
        schema: {
          tags,
          summary: 'The pipeline as Kanban cards: the same filters as the list, a lighter card per deal',
          description:
            'The board shows the best-scored deals first (sort=-thematic_score) up to limit (at most 1000). Each card carries only what the board shows; GET /deals/{id} has the whole deal.',
          ...bearerAuth,
          querystring: ZDealListQuery,
          response: { 200: ZDealBoardResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => deals.listBoardDeals(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/deals/summary',
      {
        schema: {
          tags,
          summary: 'Count and total amount (EUR) per stage, every stage included',
          ...bearerAuth,
          response: { 200: ZDealSummaryResponse, ...errorResponses(401) },
        },
      },
      async (request) => deals.summarizeDeals(ctx.db, principalOf(request).organizationId),
    );

    app.post(
      '/deals',
      {
        schema: {
          tags,
          summary: 'Create a deal, scored against the thesis',
          description:
            'company_id links a company of the organisation; otherwise company_name links the company of that name (any case) or creates it. Amounts are in EUR. Sector, geography and financial_metrics default to the company’s.',
          ...bearerAuth,
          body: ZCreateDealRequest,
          response: { 201: ZDeal, ...errorResponses(400, 401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { organizationId, userId } = principalOf(request);
        const deal = await deals.createDeal(ctx.db, { organizationId, userId }, request.body);
        return reply.status(201).send(deal);
      },
    );

    app.get(
      '/deals/:id',
      {
        schema: {
          tags,
          summary: 'One deal',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDeal, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => deals.getDeal(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.patch(
      '/deals/:id',
      {
        schema: {
          tags,
          summary: 'Change any subset of fields',
          description:
            'Re-scores when a field the scores read changes (sector, geography, deal_type, amount_requested, financial_metrics, last_interaction, company_id). thematic_recommendation records the team’s own call; null returns to the computed one.',
          ...bearerAuth,
          params: ZIdParams,
          body: ZUpdateDealRequest,
          response: { 200: ZDeal, ...errorResponses(400, 401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId, userId } = principalOf(request);
        return deals.updateDeal(ctx.db, organizationId, request.params.id, request.body, userId);
      },
    );

    app.delete(
      '/deals/:id',
      {
        schema: {
          tags,
          summary: 'Delete a deal',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        await deals.deleteDeal(ctx.db, principalOf(request).organizationId, request.params.id);
        return { success: true as const };
      },
    );
  };
}
