import type { TAutoResearchStatus, TResearchHit } from '@atempo/contracts';
import { isAbort, wait } from '../../../lib/wait.ts';

/** Spec 02 §4 and §9: deep research is polled every 2 s, at most 30 times. */
export const DEEP_RESEARCH_POLL_MS = 2_000;
export const DEEP_RESEARCH_MAX_POLLS = 30;

/** Spec 02 §5 and §8 texts. */
export const EMPTY_QUERY_MESSAGE = 'Please enter a research query';
export const TOO_LONG_MESSAGE = 'Research is taking longer than expected. Check back later.';
export const STATUS_UNAVAILABLE_MESSAGE = 'Unable to get research status.';
export const startFailedMessage = (detail: string) => `Failed to start research: ${detail}`;
export const researchFailedMessage = (error: string) => `Research failed: ${error}`;

export type DeepResearchOutcome =
  | { kind: 'completed'; status: TAutoResearchStatus }
  | { kind: 'failed' | 'timeout' | 'unavailable'; message: string };

/**
 * Polls a task until it completes or fails, handing every answer to `onStatus` (partial results
 * arrive while it runs). After 30 polls still running, it stops with the too-long message; a poll
 * that cannot be read stops with the status message. Rejects with AbortError when `signal` aborts.
 */
export async function pollDeepResearch(
  taskId: string,
  fetchStatus: (taskId: string, signal?: AbortSignal) => Promise<TAutoResearchStatus>,
  onStatus: (status: TAutoResearchStatus) => void,
  signal?: AbortSignal,
): Promise<DeepResearchOutcome> {
  for (let poll = 1; poll <= DEEP_RESEARCH_MAX_POLLS; poll++) {
    await wait(DEEP_RESEARCH_POLL_MS, signal);
    let status: TAutoResearchStatus;
    try {
      status = await fetchStatus(taskId, signal);
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw error;
      return { kind: 'unavailable', message: STATUS_UNAVAILABLE_MESSAGE };
    }
    onStatus(status);
    if (status.status === 'completed') return { kind: 'completed', status };
    if (status.status === 'failed') {
      return { kind: 'failed', message: researchFailedMessage(status.error ?? 'Unknown error') };
    }
  }
  return { kind: 'timeout', message: TOO_LONG_MESSAGE };
}

/** Results merged by record: a newer copy of a hit replaces the older; best ranked first. */
export function mergeResults(
  current: readonly TResearchHit[],
  incoming: readonly TResearchHit[],
): TResearchHit[] {
  const byKey = new Map<string, TResearchHit>();
  for (const hit of [...current, ...incoming]) byKey.set(`${hit.kind}:${hit.id}`, hit);
  return [...byKey.values()].sort(
    (x, y) => y.score - x.score || (y.date ?? '').localeCompare(x.date ?? '') || x.id.localeCompare(y.id),
  );
}
