import { type TWorkflowStatus, ZIcMemoEmailResult } from '@atempo/contracts';

/** How an email job ended, as the email dialog reports it. */
export type EmailDelivery =
  | { kind: 'sent' }
  /** No mail server is configured: the email was only written to the server log. */
  | { kind: 'logged' }
  | { kind: 'failed'; reason: string };

/**
 * Reads the final status of the email job (GET /agents/workflows/{id}/status). Only a mail server's
 * acceptance counts as sent; a failure names the failed step's reason (the mail server's words).
 */
export function emailDeliveryOf(status: TWorkflowStatus): EmailDelivery {
  if (status.status === 'failed') {
    const step = status.steps.find((candidate) => candidate.status === 'failed');
    return { kind: 'failed', reason: step?.error ?? status.error ?? 'Unknown error' };
  }
  const result = ZIcMemoEmailResult.safeParse(status.result);
  if (status.status === 'completed' && result.success) return { kind: result.data.delivery };
  return { kind: 'failed', reason: 'the email job did not say whether the email was delivered' };
}
