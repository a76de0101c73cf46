import type { TIcMemoEmailResult } from '@atempo/contracts';
import { z } from 'zod';
import { StepFailed, type WorkflowDefinition } from '../../platform/workflows/index.ts';
import { composeIcMemoEmail } from './ic-memo-email.ts';
import { icMemoPdfFilename } from './ic-memo-filename.ts';
import { renderIcMemoPdf } from './ic-memo-pdf.ts';
import { findMemoForExport } from './ic-memo-pdf-source.ts';

/**
 * Emailing an IC memo as a workflow execution: the job queue retries a refused or unreachable SMTP
 * server, and a mail that still fails stays visible as a failed execution with the server's reason
 * (GET /agents/workflows/{id}/status). The memo and its PDF are rendered when the job runs, from the
 * stored version the request named.
 */

export const IC_MEMO_EMAIL_WORKFLOW_TYPE = 'ic_memo_email';

const ZIcMemoEmailInput = z.object({
  ic_memo_id: z.uuid(),
  recipients: z.array(z.string()).min(1),
  cc_recipients: z.array(z.string()),
  subject: z.string(),
});
export type IcMemoEmailInput = z.infer<typeof ZIcMemoEmailInput>;

export const icMemoEmailWorkflow: WorkflowDefinition<IcMemoEmailInput> = {
  type: IC_MEMO_EMAIL_WORKFLOW_TYPE,
  input: ZIcMemoEmailInput,
  steps: [
    {
      name: 'send_email',
      run: async ({ input, organizationId, deps, log }) => {
        const memo = await findMemoForExport(deps.db, organizationId, input.ic_memo_id);
        if (!memo) throw new StepFailed('The IC memo no longer exists');
        const email = composeIcMemoEmail(memo, input.subject);
        const pdf = await renderIcMemoPdf(memo, {
          include_financials: true,
          include_risks: true,
          include_recommendations: true,
        });
        await deps.mailer.send({
          to: input.recipients,
          cc: input.cc_recipients,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: [{ filename: icMemoPdfFilename(memo), content: pdf, contentType: 'application/pdf' }],
        });
        // Without SMTP_URL the log mailer only writes the email to the log: say so, never "sent".
        const delivery: TIcMemoEmailResult['delivery'] = deps.mailer.kind === 'smtp' ? 'sent' : 'logged';
        const outcome = delivery === 'sent' ? 'sent' : 'only logged (SMTP_URL is not set)';
        await log('info', `IC memo v${memo.version} ${outcome}`, {
          recipients: input.recipients.length,
          cc_recipients: input.cc_recipients.length,
          pdf_bytes: pdf.length,
        });
        const result: TIcMemoEmailResult = {
          ic_memo_id: memo.id,
          delivery,
          recipients: input.recipients,
          cc_recipients: input.cc_recipients,
          subject: email.subject,
        };
        return result;
      },
    },
  ],
};
