import type { TSendIcMemoEmailRequest } from '@atempo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchWorkflowStatus } from '../../../lib/workflow/fetch-workflow-status.ts';
import { trackWorkflow } from '../../../lib/workflow/track-workflow.ts';
import { emailIcMemo, IcAlertError } from '../api/ic-memos-api.ts';
import { type EmailDelivery, emailDeliveryOf } from '../lib/email-delivery.ts';
import { sendEmailFailedText } from '../lib/ic-texts.ts';

/** idle → queueing (the request) → sending (the job, polled) → idle again with the delivery. */
type EmailPhase = 'idle' | 'queueing' | 'sending';

/** What the dialog says at the end: the delivery, or a failure text already in the spec's words. */
type EmailOutcome = Exclude<EmailDelivery, { kind: 'failed' }> | { kind: 'failed'; message: string };

/**
 * Emailing an IC memo (spec 02 §5, §8): the server answers as soon as the email is queued, so the
 * outcome is the email job's, polled at GET /agents/workflows/{execution_id}/status until it
 * completes or fails. Leaving the screen stops the polling (the job itself carries on).
 */
export function useSendIcEmail(memoId: string) {
  const [phase, setPhase] = useState<EmailPhase>('idle');
  const polling = useRef<AbortController | null>(null);
  useEffect(() => () => polling.current?.abort(), []);

  const send = useCallback(
    async (request: TSendIcMemoEmailRequest): Promise<EmailOutcome | null> => {
      const controller = new AbortController();
      polling.current = controller;
      setPhase('queueing');
      try {
        const queued = await emailIcMemo(memoId, request);
        setPhase('sending');
        const final = await trackWorkflow(queued.execution_id, {
          fetchStatus: fetchWorkflowStatus,
          signal: controller.signal,
        });
        const delivery = emailDeliveryOf(final);
        return delivery.kind === 'failed'
          ? { kind: 'failed', message: sendEmailFailedText(delivery.reason) }
          : delivery;
      } catch (error) {
        if (controller.signal.aborted) return null;
        const message =
          error instanceof IcAlertError
            ? error.message
            : sendEmailFailedText(error instanceof Error ? error.message : String(error));
        return { kind: 'failed', message };
      } finally {
        if (!controller.signal.aborted) setPhase('idle');
      }
    },
    [memoId],
  );

  return { phase, busy: phase !== 'idle', send };
}
