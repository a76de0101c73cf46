import { RESEARCH_PAGE_DEFAULT_LIMIT, type TDeepResearchResult, type TResearchHit } from '@atempo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { isAbort } from '../../../lib/wait.ts';
import { companyKeys } from '../../companies/index.ts';
import { fetchResearchStatus, triggerResearch } from '../api/research-api.ts';
import {
  EMPTY_QUERY_MESSAGE,
  mergeResults,
  pollDeepResearch,
  startFailedMessage,
} from '../lib/deep-research-poller.ts';

export type DeepResearchPhase = 'idle' | 'running' | 'completed' | 'failed';

export interface DeepResearchState {
  phase: DeepResearchPhase;
  /** One page of results: merged live from the first page while running, then the page chosen. */
  results: TResearchHit[];
  /** The page shown and how many results there are in all pages. */
  page: number;
  total: number;
  taskId: string | null;
  progress: number;
  /** The answer so far while running (filters read from the question, summary once written), then the whole. */
  result: TDeepResearchResult | null;
  /** A failure, time-out or unreadable-status message (spec 02 §8). */
  message: string | null;
  /** 'Please enter a research query' for a blank query. */
  validation: string | null;
}

const IDLE: DeepResearchState = {
  phase: 'idle',
  results: [],
  page: 1,
  total: 0,
  taskId: null,
  progress: 0,
  result: null,
  message: null,
  validation: null,
};

/** Starts a deep research query and follows it (2 s polls, at most 30), merging partial results. */
export function useDeepResearch() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DeepResearchState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (query: string, saveToDb: boolean) => {
      if (!query.trim()) {
        setState((current) => ({ ...current, validation: EMPTY_QUERY_MESSAGE }));
        return;
      }
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ ...IDLE, phase: 'running' });
      let taskId: string;
      try {
        ({ task_id: taskId } = await triggerResearch(query.trim(), saveToDb));
      } catch (error) {
        if (own.signal.aborted) return;
        setState({
          ...IDLE,
          phase: 'failed',
          message: startFailedMessage(errorMessage(error, 'Unknown error')),
        });
        return;
      }
      setState((current) => ({ ...current, taskId }));
      try {
        const outcome = await pollDeepResearch(
          taskId,
          fetchResearchStatus,
          (status) =>
            setState((current) => ({
              ...current,
              progress: status.progress,
              results: mergeResults(current.results, status.result?.hits ?? status.partial_results).slice(
                0,
                RESEARCH_PAGE_DEFAULT_LIMIT,
              ),
              total: status.result?.total ?? current.total,
              result: status.result ?? current.result,
            })),
          own.signal,
        );
        if (outcome.kind === 'completed') {
          setState((current) => ({
            ...current,
            phase: 'completed',
            progress: 100,
          }));
          if ((outcome.status.result?.saved_companies.length ?? 0) > 0) {
            // The Companies list and its scoring stats now count the companies added.
            void queryClient.invalidateQueries({ queryKey: companyKeys.all });
            void queryClient.invalidateQueries({ queryKey: companyKeys.stats });
          }
        } else {
          setState((current) => ({ ...current, phase: 'failed', message: outcome.message }));
        }
      } catch (error) {
        if (!isAbort(error)) throw error;
      }
    },
    [queryClient],
  );

  const clearValidation = useCallback(() => setState((current) => ({ ...current, validation: null })), []);

  /** Shows another page of a finished research's results. */
  const goToPage = useCallback(
    async (page: number) => {
      const taskId = state.taskId;
      if (!taskId) return;
      try {
        const status = await fetchResearchStatus(taskId, undefined, page);
        setState((current) =>
          current.taskId === taskId
            ? {
                ...current,
                page,
                results: status.result?.hits ?? [],
                total: status.result?.total ?? current.total,
              }
            : current,
        );
      } catch (error) {
        setState((current) => ({
          ...current,
          message: errorMessage(error, 'Unable to get research status.'),
        }));
      }
    },
    [state.taskId],
  );
  return { state, start, clearValidation, goToPage };
}
