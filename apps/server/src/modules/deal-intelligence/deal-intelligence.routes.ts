import {
  ZAcceptMetricsQuery,
  ZAcceptMetricsRequest,
  ZAcceptMetricsResult,
  ZDealIntelligence,
  ZDocumentAnalysis,
  ZDocumentFinancialSummary,
  ZDocumentRiskAssessment,
  ZIdParams,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { acceptMetrics } from './accept-metrics.service.ts';
import { getDealIntelligence } from './deal-intelligence.service.ts';
import { analyseDocument, financialSummary, riskAssessment } from './document-agents.service.ts';

const NOT_READY =
  'A document still being analysed answers 409 (code DOCUMENT_PROCESSING); one whose analysis failed answers 422 with its reason (code DOCUMENT_FAILED).';

/** Deal intelligence, the document-intelligence agent calls and accepting extracted figures. */
export function dealIntelligenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/deals/:id/intelligence',
      {
        schema: {
          tags: ['deals'],
          summary:
            "What the deal's documents say together: metrics, risk flags, action items, facility terms",
          description:
            'Every document of the deal (newest first, list projection). Each metric comes from the newest analysed document that states it, with that document and the page, slide or cell it was read from; risk flags keep their document and source; action items are listed once; facility terms come from the newest term sheet or loan agreement. Documents still processing or failed are listed but not read.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDealIntelligence, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => getDealIntelligence(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.post(
      '/documents/:id/accept-metrics',
      {
        schema: {
          tags: ['documents'],
          summary:
            "Write chosen extracted figures onto the deal's financial_metrics and its company, and re-score",
          description: `metrics names KEY_METRIC_NAMES. Mapped: revenue (a year's only: a quarter's or a month's revenue is a run rate, skipped with its annualised figure shown, and one whose months the document does not state is skipped), arr, revenue_growth, gross_margin, net_burn → monthly_burn (a quarterly, half-year or annual burn is divided into months, and a note says so), cash, runway_months, monthly_churn, net_revenue_retention, cac_payback_months, headcount → employee_count, last_round → last_round_amount; the others, and figures whose unit, currency (EUR only) or period does not fit, are skipped with a reason. Every change answers its previous value; ?dry_run=true answers the same and writes nothing, so the change can be shown before it is confirmed. A document with no deal or company answers 409 (DOCUMENT_NOT_LINKED). A document that appears to be about another company than the deal's (its analysis.other_company) answers 409 (OTHER_COMPANY) unless confirm_other_company is true; a dry run answers other_company so the client can ask first. ${NOT_READY}`,
          ...bearerAuth,
          params: ZIdParams,
          querystring: ZAcceptMetricsQuery,
          body: ZAcceptMetricsRequest,
          response: { 200: ZAcceptMetricsResult, ...errorResponses(400, 401, 404, 409, 422) },
        },
      },
      async (request) => {
        const { organizationId, userId } = principalOf(request);
        return acceptMetrics(ctx.db, { organizationId, userId }, request.params.id, {
          metrics: request.body.metrics,
          dryRun: request.query.dry_run,
          confirmOtherCompany: request.body.confirm_other_company,
        });
      },
    );

    app.get(
      '/agents/document-intelligence/analyse/:id',
      {
        schema: {
          tags: ['documents'],
          summary:
            "A document's analysis: type, figures with their sources, risk flags, action items, summary",
          description: NOT_READY,
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDocumentAnalysis, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => analyseDocument(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.get(
      '/agents/document-intelligence/:id/financial-summary',
      {
        schema: {
          tags: ['documents'],
          summary:
            "A document's key figures with their sources, the metrics it does not state, and facility terms",
          description: NOT_READY,
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDocumentFinancialSummary, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => financialSummary(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.get(
      '/agents/document-intelligence/:id/risk-assessment',
      {
        schema: {
          tags: ['documents'],
          summary: "A document's risk flags with sources, a risk level (low, medium, high, critical) and why",
          description: `The level follows rules, not a model: critical when a flag names a going-concern doubt, insolvency, administration, an event of default or a covenant breach; high from 3 flags; medium for 1 or 2; low for none. ${NOT_READY}`,
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZDocumentRiskAssessment, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => riskAssessment(ctx.db, principalOf(request).organizationId, request.params.id),
    );
  };
}
