import type { TWorkflowStatus } from '@atempo/contracts';
import { isAbort, wait } from '../../../lib/wait.ts';

/**
 * Spec 02 §4 and §9: company discovery is polled every 5 s, 10 s after a poll error; without an
 * execution id the running state resets after 2 minutes. Spec 01 §9 bounds workflow polling at
 * 150 polls ('Workflow execution timeout').
 */
export const DISCOVERY_POLL_MS = 5_000;
export const DISCOVERY_ERROR_POLL_MS = 10_000;
export const DISCOVERY_RESET_MS = 120_000;
export const DISCOVERY_MAX_POLLS = 150;
export const WORKFLOW_TIMEOUT_MESSAGE = 'Workflow execution timeout';

const DONE = new Set(['completed', 'success']);
const FAILED = new Set(['failed', 'error']);

export type DiscoveryOutcome =
  | { kind: 'completed'; status: TWorkflowStatus }
  | { kind: 'failed'; error: string }
  | { kind: 'reset' };

export async function pollDiscovery(
  executionId: string | null | undefined,
  fetchStatus: (executionId: string, signal?: AbortSignal) => Promise<TWorkflowStatus>,
  signal?: AbortSignal,
): Promise<DiscoveryOutcome> {
  if (!executionId) {
    await wait(DISCOVERY_RESET_MS, signal);
    return { kind: 'reset' };
  }
  let delay = DISCOVERY_POLL_MS;
  for (let poll = 1; poll <= DISCOVERY_MAX_POLLS; poll++) {
    await wait(delay, signal);
    try {
      const status = await fetchStatus(executionId, signal);
      // The status is read as text: agents answer success / error as well as completed / failed.
      const state = String(status.status);
      if (DONE.has(state)) return { kind: 'completed', status };
      if (FAILED.has(state)) return { kind: 'failed', error: status.error ?? 'Unknown error' };
      delay = DISCOVERY_POLL_MS;
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw error;
      delay = DISCOVERY_ERROR_POLL_MS;
    }
  }
  return { kind: 'failed', error: WORKFLOW_TIMEOUT_MESSAGE };
}
