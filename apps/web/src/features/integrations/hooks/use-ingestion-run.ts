import type { TIngestionResult } from '@atempo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../../lib/failure-text.ts';
import { sleep } from '../../../lib/workflow/track-workflow.ts';
import { integrationKeys } from '../api/catalogue-api.ts';
import { fetchIngestion, type IngestionMode, startIngestion } from '../api/sharepoint-automation-api.ts';

/** An ingestion run is followed every 2 seconds until it completes or fails. */
export const INGESTION_POLL_MS = 2000;
/** Polls that may fail in a row (a network blip) before the screen stops following the run. */
export const INGESTION_POLL_FAILURES_TOLERATED = 3;

export interface IngestionRun {
  run: TIngestionResult | null;
  /** The mode whose start request is on its way. */
  starting: IngestionMode | null;
  /** True from the start until the run is completed or failed. */
  active: boolean;
  error: string | null;
  /** The run started but could no longer be followed; it goes on on the server. */
  lostTrack: string | null;
  start(mode: IngestionMode): Promise<void>;
}

/** Starts an ingestion (answered 202 with a running result) and follows it to its end. */
export function useIngestionRun(sessionId: string | null): IngestionRun {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<TIngestionResult | null>(null);
  const [starting, setStarting] = useState<IngestionMode | null>(null);
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lostTrack, setLostTrack] = useState<string | null>(null);
  const following = useRef<AbortController | null>(null);

  // Leaving the screen stops following; the server finishes the run regardless.
  useEffect(() => () => following.current?.abort(), []);

  const start = useCallback(
    async (mode: IngestionMode) => {
      following.current?.abort();
      const controller = new AbortController();
      following.current = controller;
      setError(null);
      setLostTrack(null);
      setStarting(mode);
      setActive(true);
      try {
        let current: TIngestionResult;
        try {
          current = await startIngestion(mode, sessionId);
        } catch (failure) {
          if (!controller.signal.aborted) setError(`Ingestion failed: ${failureText(failure)}`);
          return;
        }
        setRun(current);
        setStarting(null);
        let failedPolls = 0;
        while (current.status === 'running') {
          await sleep(INGESTION_POLL_MS, controller.signal);
          try {
            current = await fetchIngestion(current.execution_id, controller.signal);
            failedPolls = 0;
            setRun(current);
          } catch (failure) {
            if (controller.signal.aborted) throw failure;
            failedPolls += 1;
            if (failedPolls >= INGESTION_POLL_FAILURES_TOLERATED) {
              setLostTrack(`Could not follow the run (${failureText(failure)}). It goes on on the server.`);
              return;
            }
          }
        }
        void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
      } catch {
        // Only an abort gets here: the screen was left.
      } finally {
        if (!controller.signal.aborted) {
          setStarting(null);
          setActive(false);
        }
      }
    },
    [sessionId, queryClient],
  );

  return { run, starting, active, error, lostTrack, start };
}
