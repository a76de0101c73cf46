import {
  IC_MODEL_NOT_CONFIGURED,
  type TGroqIcMemoResponse,
  ZAgentIcRequest,
  ZAgentIcResponse,
  ZGenerateIcMemoRequest,
  ZGroqIcMemoParams,
  ZGroqIcMemoQuery,
  ZGroqIcMemoResponse,
  ZIcMemo,
  ZIcMemoVersionsQuery,
  ZIcMemoVersionsResponse,
  ZIcModelNotConfiguredResponse,
  ZIcPackage,
  ZIcPreparationWorkflowRequest,
  ZIcPresentation,
  ZIcWorkflowStarted,
  ZIdParams,
  ZPresentationQuery,
  ZSmolagentIcRequest,
} from '@atempo/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { getDeal } from '../deals/index.ts';
import { gatherIcMemoFacts } from './ic-memo-facts.ts';
import {
  generateIcMemo,
  getIcMemo,
  listIcMemoVersionsOfDeal,
  ModelNotConfigured,
} from './ic-memos.service.ts';
import { icPackageOf } from './ic-package.ts';
import { presentationFilename, presentationOf, presentationPptx } from './presentation.ts';
import { startIcPreparation } from './start-ic-preparation.ts';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const HOW_MEMOS_ARE_WRITTEN =
  "Written from the organisation's data: the deal, its company, scores and red flags, the documents' figures with their page or cell, the terms of an uploaded term sheet (else the suggested facility, marked as a proposal) and comparable deals. Every figure carries a footnote marker [^n] to its source; a section without data says what is missing and what to upload. With a language model configured, the model rewrites the prose sections from the same facts and a section stating any figure the facts do not hold is written from the template instead (metadata.template_fallbacks). Each generation is stored as the deal's next version.";

/** IC memos: generation (four client shapes), versions, the presentation and the IC workflow. */
export function icMemosRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, config: ctx.config, logger: ctx.logger };

  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.post(
      '/ic-preparation/generate',
      {
        schema: {
          tags: ['ic-memos'],
          summary: "Write and store the next version of a deal's IC memo",
          description: `${HOW_MEMOS_ARE_WRITTEN} company_name is informative: the memo names the company of the deal.`,
          ...bearerAuth,
          body: ZGenerateIcMemoRequest,
          response: { 201: ZIcMemo, ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { organizationId, userId } = principalOf(request);
        const memo = await generateIcMemo(deps, { organizationId, userId, dealId: request.body.deal_id });
        return reply.status(201).send(memo);
      },
    );

    app.get(
      '/ic-memos/:id',
      {
        schema: {
          tags: ['ic-memos'],
          summary: 'One stored IC memo version, as it was written',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZIcMemo, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => getIcMemo(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.get(
      '/deals/:id/ic-memos',
      {
        schema: {
          tags: ['ic-memos'],
          summary: "A deal's IC memo versions, newest first (without their bodies), a page at a time",
          ...bearerAuth,
          params: ZIdParams,
          querystring: ZIcMemoVersionsQuery,
          response: { 200: ZIcMemoVersionsResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        listIcMemoVersionsOfDeal(
          ctx.db,
          principalOf(request).organizationId,
          request.params.id,
          request.query,
        ),
    );

    app.post(
      '/ic-memos/generate-groq/:dealId',
      {
        schema: {
          tags: ['ic-memos'],
          summary: 'The fast generator: the IC memo written by the configured language model',
          description: `${HOW_MEMOS_ARE_WRITTEN} Without a language model (LLM_PROVIDER=built-in) it answers 503 with status "error", an error containing "${IC_MODEL_NOT_CONFIGURED}" and code LLM_NOT_CONFIGURED, and stores nothing: the client then falls back to the agent generator (spec 02 §4). use_groq=false writes with the built-in analyst.`,
          ...bearerAuth,
          params: ZGroqIcMemoParams,
          querystring: ZGroqIcMemoQuery,
          response: {
            200: ZGroqIcMemoResponse,
            503: ZIcModelNotConfiguredResponse,
            ...errorResponses(401, 404, 422),
          },
        },
      },
      async (request, reply) => {
        const { organizationId, userId } = principalOf(request);
        const { dealId } = request.params;
        try {
          const memo = await generateIcMemo(deps, {
            organizationId,
            userId,
            dealId,
            writer: request.query.use_groq ? 'model' : 'built-in',
          });
          const answer: TGroqIcMemoResponse = {
            status: 'success',
            error: null,
            deal_id: memo.deal_id,
            company_name: memo.company_name,
            memo: {
              id: memo.id,
              version: memo.version,
              sections: memo.content,
              formatted_markdown: memo.formatted_markdown,
              footnotes: memo.footnotes,
              metadata: memo.metadata,
            },
            timestamp: new Date().toISOString(),
          };
          return answer;
        } catch (error) {
          if (!(error instanceof ModelNotConfigured)) throw error;
          // The deal is checked first so another organisation's id still answers 404.
          const deal = await getDeal(ctx.db, organizationId, dealId);
          return reply.status(503).send({
            status: 'error',
            error: error.detail,
            detail: error.detail,
            code: 'LLM_NOT_CONFIGURED',
            deal_id: dealId,
            company_name: deal.company,
            memo: null,
            timestamp: new Date().toISOString(),
          });
        }
      },
    );

    app.post(
      '/smolagent-ic-preparation/generate',
      {
        schema: {
          tags: ['ic-memos'],
          summary: 'The agent generator: the IC package (spec 02 §3) of a newly stored memo version',
          description: `${HOW_MEMOS_ARE_WRITTEN} Answers the package's fields (executive_summary, investment_recommendation, deal_terms.facility_amount, financial_analysis {revenue_forecast, debt_capacity}, risk_assessment.overall_risk_rating) and memo_id, the stored memo. The use_* flags are accepted; the same analyst always runs.`,
          ...bearerAuth,
          body: ZSmolagentIcRequest,
          response: { 200: ZIcPackage, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId, userId } = principalOf(request);
        const facts = await gatherIcMemoFacts(
          { db: ctx.db, organizationId, userId, now: new Date() },
          request.body.deal_id,
        );
        const memo = await generateIcMemo(deps, {
          organizationId,
          userId,
          dealId: request.body.deal_id,
          facts,
        });
        return icPackageOf(memo, facts);
      },
    );

    app.post(
      '/agents/ic-preparation/generate',
      {
        schema: {
          tags: ['ic-memos'],
          summary: 'The IC preparation agent: writes and stores the next memo version, answering its id',
          description: `${HOW_MEMOS_ARE_WRITTEN} deal_data and company_data are accepted but not used: figures come from the stored records, which can be cited. memo_id is the id GET /agents/ic-preparation/{id}/presentation takes.`,
          ...bearerAuth,
          body: ZAgentIcRequest,
          response: { 200: ZAgentIcResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId, userId } = principalOf(request);
        const memo = await generateIcMemo(deps, { organizationId, userId, dealId: request.body.deal_id });
        return {
          status: 'completed' as const,
          memo_id: memo.id,
          deal_id: memo.deal_id,
          company_name: memo.company_name,
          version: memo.version,
          memo,
        };
      },
    );

    app.get(
      '/agents/ic-preparation/:id/presentation',
      {
        schema: {
          tags: ['ic-memos'],
          summary: 'An IC memo as a slide outline; ?format=pptx downloads it as a PowerPoint file',
          description: `{id} is the memo id. JSON by default: a title slide, one slide per section (footnote markers as [n]) and the sources. format=pptx answers ${PPTX} with a content-disposition filename ic_memo_{company}_v{version}.pptx.`,
          ...bearerAuth,
          params: ZIdParams,
          querystring: ZPresentationQuery,
          response: { 200: ZIcPresentation, ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        const memo = await getIcMemo(ctx.db, principalOf(request).organizationId, request.params.id);
        const presentation = presentationOf(memo);
        if (request.query.format !== 'pptx') return presentation;
        const file = await presentationPptx(presentation);
        return (
          reply
            .type(PPTX)
            .header('Content-Disposition', contentDisposition(presentationFilename(presentation)))
            .header('Cache-Control', 'private, no-cache')
            // A Buffer is sent as it is; the JSON schema of 200 describes the default format only.
            .send(file as never)
        );
      },
    );

    app.post(
      '/agents/workflows/ic-preparation',
      {
        schema: {
          tags: ['workflows'],
          summary: 'Start the IC preparation workflow: gather facts, assess risks, write the memo',
          description:
            'Answers the execution to poll at GET /agents/workflows/{id}/status; its steps are gather_facts, assess_risks and write_memo, and the completed result carries memo_id and version. Runs at high priority.',
          ...bearerAuth,
          body: ZIcPreparationWorkflowRequest,
          response: { 202: ZIcWorkflowStarted, ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { organizationId, userId } = principalOf(request);
        const executionId = await startIcPreparation(ctx, { organizationId, userId }, request.body);
        return reply.status(202).send({ execution_id: executionId, status: 'pending' });
      },
    );
  };
}
