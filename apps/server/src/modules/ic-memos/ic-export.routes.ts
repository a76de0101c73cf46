import {
  IC_EMAIL_QUEUED,
  icMemoEmailSubject,
  ZExportIcMemoPdfRequest,
  ZIdParams,
  ZSendIcMemoEmailRequest,
  ZSendIcMemoEmailResponse,
} from '@atempo/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { bearerAuth, errorResponses, fileResponse } from '../../platform/openapi.ts';
import { startWorkflow } from '../../platform/workflows/index.ts';
import { icMemoEmailWorkflow } from './ic-memo-email.workflow.ts';
import { icMemoPdfFilename } from './ic-memo-filename.ts';
import { renderIcMemoPdf } from './ic-memo-pdf.ts';
import { findMemoForExport, findMemoOrLatestOfDeal } from './ic-memo-pdf-source.ts';

const tags = ['ic-memos'];

/** The IC memo leaving the product: as a PDF download and as an email with the PDF attached (spec 02 §5, §7). */
export function icExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.post(
      '/ic-memos/:id/export-pdf',
      {
        schema: {
          tags,
          summary: 'The IC memo as a PDF',
          description:
            'A cover (deal, company, date, version), the sections with metrics and deal terms as tables, numbered notes for the citations and page numbers. include_financials, include_risks and include_recommendations false leave out financial_analysis, risk_assessment and recommendation. Answered as an attachment named IC_Memo_{company}_{memo date, YYYY-MM-DD}.pdf.',
          ...bearerAuth,
          params: ZIdParams,
          body: ZExportIcMemoPdfRequest.optional(),
          response: {
            200: fileResponse('application/pdf', 'The memo as a PDF'),
            ...errorResponses(401, 404, 422),
          },
        },
      },
      async (request, reply) => {
        const { organizationId } = principalOf(request);
        const memo = await findMemoForExport(ctx.db, organizationId, request.params.id);
        if (!memo) throw notFound('IC memo not found');
        const flags = request.body ?? ZExportIcMemoPdfRequest.parse({});
        const pdf = await renderIcMemoPdf(memo, flags);
        return (
          reply
            .type('application/pdf')
            .header('Content-Disposition', contentDisposition(icMemoPdfFilename(memo)))
            .header('Cache-Control', 'private, no-cache')
            // The schema documents the body as text; Fastify sends a Buffer as it is.
            .send(pdf as unknown as string)
        );
      },
    );

    app.post(
      '/ic-preparation/:id/email',
      {
        schema: {
          tags,
          summary: 'Email an IC memo with its PDF attached',
          description:
            '{id} is a memo id, or a deal id meaning that deal’s latest memo. Recipients and cc_recipients are comma-separated (or lists), trimmed, empties dropped, each an email address (at most 50). A blank subject becomes "IC memo: {company} (v{n})". Answered 202 once the email is queued, before anything is sent: it is sent by a job with retries, and its delivery is the workflow execution answered (GET /agents/workflows/{id}/status): completed with result.delivery "sent" (a mail server accepted it) or "logged" (no SMTP_URL: only written to the server log), or failed with the mail server’s reason when it cannot be delivered.',
          ...bearerAuth,
          params: ZIdParams,
          body: ZSendIcMemoEmailRequest,
          response: { 202: ZSendIcMemoEmailResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { organizationId, userId } = principalOf(request);
        const memo = await findMemoOrLatestOfDeal(ctx.db, organizationId, request.params.id);
        if (!memo) throw notFound('IC memo not found');
        const body = request.body;
        if (body.deal_id && body.deal_id !== memo.dealId) {
          throw validationError([{ path: 'deal_id', message: 'is not the deal of this IC memo' }]);
        }
        const subject = body.subject_override || icMemoEmailSubject(memo.companyName, memo.version);
        const executionId = await startWorkflow({ db: ctx.db, jobs: ctx.jobs }, icMemoEmailWorkflow, {
          organizationId,
          userId,
          subjectId: memo.dealId,
          input: {
            ic_memo_id: memo.id,
            recipients: body.recipients,
            cc_recipients: body.cc_recipients,
            subject,
          },
        });
        return reply.status(202).send({
          message: IC_EMAIL_QUEUED,
          status: 'queued' as const,
          execution_id: executionId,
          ic_memo_id: memo.id,
          version: memo.version,
          subject,
          recipients: body.recipients,
          cc_recipients: body.cc_recipients,
        });
      },
    );
  };
}
