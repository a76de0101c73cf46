import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-error.ts';
import { isAbort } from '../../../lib/wait.ts';
import { fetchWorkflowStatus } from '../../../lib/workflow/fetch-workflow-status.ts';
import { startCompanyDiscovery } from '../api/discovery-api.ts';
import { pollDiscovery } from '../lib/discovery-poller.ts';

export const DISCOVERY_DONE_MESSAGE = (added: number) =>
  added === 0
    ? 'Company discovery completed: no new companies fit your thesis.'
    : `Company discovery completed: ${added} new ${added === 1 ? 'company' : 'companies'} added.`;
export const discoveryFailedMessage = (error: string) => `Company discovery failed: ${error}`;
export const discoveryStartFailedMessage = (detail: string) => `Failed to start company discovery: ${detail}`;

/**
 * Company discovery from the Companies page (spec 02 §4): running while the workflow runs, polled
 * every 5 s (10 s after a poll error); an alert when it completes or fails.
 */
export function useCompanyDiscovery() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async () => {
    const own = new AbortController();
    controller.current?.abort();
    controller.current = own;
    setRunning(true);
    try {
      let executionId: string | null | undefined;
      try {
        ({ execution_id: executionId } = await startCompanyDiscovery());
      } catch (error) {
        toast.error(discoveryStartFailedMessage(errorMessage(error, 'Unknown error')));
        setRunning(false);
        return;
      }
      const outcome = await pollDiscovery(executionId, fetchWorkflowStatus, own.signal);
      if (outcome.kind === 'completed') {
        const result = outcome.status.result as { saved_companies?: unknown[] } | null;
        toast.success(DISCOVERY_DONE_MESSAGE(result?.saved_companies?.length ?? 0));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['companies'] }),
          queryClient.invalidateQueries({ queryKey: ['company-scoring'] }),
        ]);
      } else if (outcome.kind === 'failed') {
        toast.error(discoveryFailedMessage(outcome.error));
      }
      setRunning(false);
    } catch (error) {
      if (!isAbort(error)) throw error;
    }
  }, [queryClient]);

  return { running, start };
}
