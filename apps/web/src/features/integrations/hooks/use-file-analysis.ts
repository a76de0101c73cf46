import type { TDocumentAnalysis, TSharePointDocumentAnalysis, TSharePointFile } from '@atempo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { failureText } from '../../../lib/failure-text.ts';
import {
  sleep,
  WORKFLOW_MAX_POLLS,
  WORKFLOW_POLL_INTERVAL_MS,
} from '../../../lib/workflow/track-workflow.ts';
import { fetchDocumentAnalysis } from '../../documents/index.ts';
import { analyseDocument } from '../api/sharepoint-browse-api.ts';
import { withFinishedAnalysis } from '../lib/finished-analysis.ts';

export type FileAnalysisState =
  | { status: 'analysing'; file: TSharePointFile }
  /** The server copied the file and its analysis job runs: the result is polled meanwhile. */
  | { status: 'processing'; file: TSharePointFile; result: TSharePointDocumentAnalysis }
  | { status: 'done'; file: TSharePointFile; result: TSharePointDocumentAnalysis }
  /** Still running after the polls: it finishes in the background (the link leads to it). */
  | { status: 'background'; file: TSharePointFile; result: TSharePointDocumentAnalysis }
  | { status: 'error'; file: TSharePointFile; error: string };

const STILL_PROCESSING = 409;

/**
 * Analyse on a file (POST /sharepoint/analyse-document). A 'processing' answer is followed the way
 * the documents feature follows an upload: GET /document-processing/result/{document_id} every 2 s
 * (409 while it runs) until it is ready, failed (422) or the polls run out.
 */
export function useFileAnalysis(sessionId: string | null, driveId: string) {
  const [state, setState] = useState<FileAnalysisState | null>(null);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const analyse = useCallback(
    async (file: TSharePointFile) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const { signal } = controller;
      setState({ status: 'analysing', file });
      try {
        const result = await analyseDocument({
          ...(sessionId ? { session_id: sessionId } : {}),
          drive_id: driveId,
          item_id: file.id,
        });
        if (signal.aborted) return;
        if (result.status !== 'processing') {
          setState({ status: 'done', file, result });
          return;
        }
        setState({ status: 'processing', file, result });
        const finished = await followAnalysis(result.document_id, signal);
        if (signal.aborted) return;
        setState(
          finished
            ? { status: 'done', file, result: withFinishedAnalysis(result, finished) }
            : { status: 'background', file, result },
        );
      } catch (failure) {
        if (signal.aborted) return;
        setState({ status: 'error', file, error: `Failed to analyse file: ${failureText(failure)}` });
      }
    },
    [sessionId, driveId],
  );

  const dismiss = useCallback(() => {
    current.current?.abort();
    setState(null);
  }, []);

  return { state, analyse, dismiss };
}

/** The finished analysis, or null when it is still running after the last poll. */
async function followAnalysis(documentId: string, signal: AbortSignal): Promise<TDocumentAnalysis | null> {
  for (let poll = 1; poll <= WORKFLOW_MAX_POLLS; poll += 1) {
    await sleep(WORKFLOW_POLL_INTERVAL_MS, signal);
    try {
      return await fetchDocumentAnalysis(documentId, signal);
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === STILL_PROCESSING)) throw failure;
    }
  }
  return null;
}
