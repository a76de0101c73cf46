import {
  RESEARCH_DEPTH_LIMITS,
  RESEARCH_DEPTHS,
  ZAutoResearchStatus,
  ZAutoResearchTriggerRequest,
  ZAutoResearchTriggerResponse,
  ZBenchmarksQuery,
  ZBenchmarksResponse,
  ZCompanyDiscoveryRequest,
  ZCompanyDiscoveryResponse,
  ZDiscoverResearchQuery,
  ZDiscoverResearchRequest,
  ZDiscoverResearchResponse,
  ZIdParams,
  ZInvestmentThesisFit,
  ZNewDealWorkflowRequest,
  ZResearchRecord,
  ZResearchStatusQuery,
  ZWorkflowStartResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { benchmarks } from './benchmarks/benchmarks.ts';
import { investmentThesisFit } from './investment-thesis.ts';
import {
  deepResearchStatus,
  getResearchRecord,
  startCompanyDiscovery,
  startDeepResearch,
  startDiscover,
  startNewDeal,
} from './research.service.ts';
import { resolveResearchSubject } from './research-subject.ts';

/** "quick 5, standard 10, comprehensive 25 (the default)". */
const DEPTHS_TEXT = RESEARCH_DEPTHS.map(
  (depth) => `${depth} ${RESEARCH_DEPTH_LIMITS[depth]}${depth === 'comprehensive' ? ' (the default)' : ''}`,
).join(', ');

/**
 * Research agents and workflows (spec 01 §7), deep research (spec 02 §7 Research) and company
 * discovery from the Companies page: one engine behind all of them (decision 029).
 */
export function researchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);
    const tags = ['research'];
    const caller = (request: Parameters<typeof principalOf>[0]) => {
      const principal = principalOf(request);
      return { organizationId: principal.organizationId, userId: principal.userId };
    };

    app.post(
      '/agents/research/discover',
      {
        schema: {
          tags,
          summary: 'Gather what the organisation knows about a company into a research record (a workflow)',
          description: `Two forms: {deal_id, company_name, industry_sector} or the automation form ?deal_id= with {search_criteria {company_name, industry_sector, research_depth}, save_to_db}. research_depth sets how much is gathered: the company's funding announcements, market signals and documents, and comparable deals in its sector, at most ${DEPTHS_TEXT} of each. With save_to_db, the company gains only facts read from a source, never guesses. Poll GET /agents/workflows/{execution_id}/status.`,
          ...bearerAuth,
          querystring: ZDiscoverResearchQuery,
          body: ZDiscoverResearchRequest,
          response: { 202: ZDiscoverResearchResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        const started = await startDiscover(ctx, caller(request), request.body, request.query.deal_id);
        return reply.status(202).send(started);
      },
    );

    app.get(
      '/agents/research/:id',
      {
        schema: {
          tags,
          summary: 'A research record: its findings, each citing its source',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZResearchRecord, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => getResearchRecord(ctx.db, caller(request), request.params.id),
    );

    app.get(
      '/agents/research/:id/investment-thesis',
      {
        schema: {
          tags,
          summary: 'How the deal fits the investment thesis, component by component, with the reasons',
          description: '{id} is the research id that discover answered, or a deal id (its latest research).',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZInvestmentThesisFit, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId } = caller(request);
        const subject = await resolveResearchSubject(ctx.db, organizationId, request.params.id);
        return investmentThesisFit(ctx.db, organizationId, subject, new Date());
      },
    );

    app.get(
      '/agents/research/:id/benchmarks',
      {
        schema: {
          tags,
          summary: "The company's metrics against the portfolio (quartiles) and published SaaS benchmarks",
          ...bearerAuth,
          params: ZIdParams,
          querystring: ZBenchmarksQuery,
          response: { 200: ZBenchmarksResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId } = caller(request);
        const subject = await resolveResearchSubject(ctx.db, organizationId, request.params.id);
        return benchmarks(ctx.db, organizationId, subject, request.query, new Date());
      },
    );

    app.post(
      '/agents/workflows/new-deal',
      {
        schema: {
          tags,
          summary:
            'Run the new-deal workflow: score_deal, check_red_flags, research_company, summarise_documents',
          ...bearerAuth,
          body: ZNewDealWorkflowRequest,
          response: { 202: ZWorkflowStartResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await startNewDeal(ctx, caller(request), request.body)),
    );

    app.post(
      '/agents/research/company-discovery',
      {
        schema: {
          tags,
          summary:
            'Discover companies that fit the thesis from announcements and signals (the Companies page button)',
          description: `Defaults as the Companies page sends them: depth comprehensive, priority high, max_companies 20, save_to_db true. research_depth sets how many of the best-ranked announcements and signals that fit the thesis are kept: ${DEPTHS_TEXT} of each. Poll GET /agents/workflows/{execution_id}/status.`,
          ...bearerAuth,
          body: ZCompanyDiscoveryRequest.optional(),
          response: { 202: ZCompanyDiscoveryResponse, ...errorResponses(401, 422) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await startCompanyDiscovery(
              ctx,
              caller(request),
              ZCompanyDiscoveryRequest.parse(request.body ?? {}),
            ),
          ),
    );

    app.post(
      '/auto-research/trigger',
      {
        schema: {
          tags,
          summary: 'Start a deep research query over announcements, companies, documents and signals',
          description:
            'Filters named in the query are applied to every source: regions (UK, Europe, US, Asia), countries and sub-regions (Germany, DACH, Nordics…), stages (Series A–D), sectors (fintech, climate tech…) and a time window (this month, last 90 days, in 2025, since June). Poll GET /auto-research/status/{task_id}.',
          ...bearerAuth,
          body: ZAutoResearchTriggerRequest,
          response: { 202: ZAutoResearchTriggerResponse, ...errorResponses(401, 422) },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await startDeepResearch(ctx, caller(request), request.body)),
    );

    app.get(
      '/auto-research/status/:taskId',
      {
        schema: {
          tags,
          summary: 'Where a deep research task is: running, completed or failed, with partial results',
          description:
            'Results are paged like other lists: page (from 1) and limit (default 20, at most 100) choose the page of result.hits and partial_results; result.total counts every hit. result.filters lists each filter read from the query (region, country or sub-region, stage, sector, time window), applied to every source.',
          ...bearerAuth,
          params: z.object({ taskId: z.uuid() }),
          querystring: ZResearchStatusQuery,
          response: { 200: ZAutoResearchStatus, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => deepResearchStatus(ctx.db, caller(request), request.params.taskId, request.query),
    );
  };
}
