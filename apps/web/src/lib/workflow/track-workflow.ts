import type { TWorkflowStatus } from '@atempo/contracts';

/** Spec 01 §9: the workflow status is polled every 2 s, at most 150 times (about 5 minutes). */
export const WORKFLOW_POLL_INTERVAL_MS = 2000;
export const WORKFLOW_MAX_POLLS = 150;
export const WORKFLOW_TIMEOUT_MESSAGE = 'Workflow execution timeout';

export class WorkflowTimeoutError extends Error {
  constructor() {
    super(WORKFLOW_TIMEOUT_MESSAGE);
    this.name = 'WorkflowTimeoutError';
  }
}

export interface TrackWorkflowOptions {
  fetchStatus: (executionId: string, signal?: AbortSignal) => Promise<TWorkflowStatus>;
  /** Each answer, so the screen can move its progress bar. */
  onStatus?: (status: TWorkflowStatus) => void;
  signal?: AbortSignal;
  intervalMs?: number;
  maxPolls?: number;
  /** Waits between polls; the default uses setTimeout so fake timers drive it in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Polls until the status is completed or failed (spec 01 §4 workflow tracking) and answers that
 * final status; past the last poll it throws 'Workflow execution timeout'. A failed poll (network,
 * 5xx) ends the tracking with that error rather than waiting on blindly.
 */
export async function trackWorkflow(
  executionId: string,
  options: TrackWorkflowOptions,
): Promise<TWorkflowStatus> {
  const interval = options.intervalMs ?? WORKFLOW_POLL_INTERVAL_MS;
  const maxPolls = options.maxPolls ?? WORKFLOW_MAX_POLLS;
  const wait = options.sleep ?? sleep;
  for (let poll = 1; poll <= maxPolls; poll += 1) {
    const status = await options.fetchStatus(executionId, options.signal);
    options.onStatus?.(status);
    if (status.status === 'completed' || status.status === 'failed') return status;
    if (poll < maxPolls) await wait(interval, options.signal);
  }
  throw new WorkflowTimeoutError();
}
