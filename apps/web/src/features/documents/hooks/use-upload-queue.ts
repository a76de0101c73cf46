import type { TDocumentAnalysis } from '@atempo/contracts';
import { UPLOAD_SKIPPED_ALERT } from '@atempo/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { fetchWorkflowStatus } from '../../../lib/workflow/fetch-workflow-status.ts';
import { trackWorkflow } from '../../../lib/workflow/track-workflow.ts';
import { fetchDocumentAnalysis, uploadDealDocument } from '../api/documents-api.ts';
import { partitionUploads } from '../lib/upload-rules.ts';

/** Spec 01 §3 upload item, plus what the screen needs to show it. */
export type UploadStatus = 'pending' | 'analysing' | 'completed' | 'error';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0 to 100, from the workflow status. */
  progress: number;
  stage: string | null;
  analysis: TDocumentAnalysis | null;
  /** The reason, shown as 'Analysis failed: {error}'. */
  error: string | null;
  /** The company the file was analysed for, once it started. */
  companyName: string | null;
  /** Set when the deal already had this very file: the existing document, not analysed again. */
  duplicateOf: { name: string; message: string } | null;
}

export interface UploadTarget {
  dealId: string;
  companyName: string;
}

let sequence = 0;

/**
 * The Smart Document Upload queue (spec 01 §4 upload item): files wait as pending, and are uploaded
 * and analysed one after another, only while a deal and its company are known. Each file's workflow
 * is followed until it completes or fails, then its analysis is loaded.
 */
export function useUploadQueue(target: UploadTarget | null) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  // Said on the page (not in a browser alert, which blocks the tab and cannot be styled or read back).
  const [skippedNotice, setSkippedNotice] = useState<string | null>(null);
  const waiting = useRef<string[]>([]);
  const files = useRef(new Map<string, File>());
  const running = useRef(false);
  const targetRef = useRef(target);
  targetRef.current = target;
  const abort = useRef(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    // Leaving the screen stops following the work; the server finishes it regardless.
    return () => controller.abort();
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const analyse = useCallback(
    async (key: string, to: UploadTarget) => {
      const file = files.current.get(key);
      if (!file) return;
      const signal = abort.current.signal;
      patch(key, { status: 'analysing', progress: 0, companyName: to.companyName });
      try {
        const upload = await uploadDealDocument({ ...to, file }, signal);
        if (upload.duplicate_of) {
          patch(key, {
            duplicateOf: { name: upload.duplicate_of.name, message: upload.duplicate_of.message },
          });
        }
        const final = await trackWorkflow(upload.execution_id, {
          fetchStatus: fetchWorkflowStatus,
          signal,
          onStatus: (status) => patch(key, { progress: status.progress, stage: status.stage }),
        });
        if (final.status === 'failed') {
          patch(key, { status: 'error', error: final.error || 'the analysis did not finish' });
        } else {
          const analysis = await fetchDocumentAnalysis(upload.document_id, signal);
          patch(key, { status: 'completed', progress: 100, analysis });
        }
      } catch (error) {
        if (signal.aborted) return;
        patch(key, { status: 'error', error: errorMessage(error, 'the file could not be sent') });
      } finally {
        if (!signal.aborted) {
          // The card, the intelligence page, the activity and the hub read what this file added.
          void queryClient.invalidateQueries({ queryKey: ['deal-intelligence', to.dealId] });
          void queryClient.invalidateQueries({ queryKey: ['documents'] });
          void queryClient.invalidateQueries({ queryKey: ['deals', 'detail', to.dealId] });
        }
      }
    },
    [patch, queryClient],
  );

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (waiting.current.length > 0 && targetRef.current && !abort.current.signal.aborted) {
        const key = waiting.current.shift() as string;
        await analyse(key, targetRef.current);
      }
    } finally {
      running.current = false;
    }
  }, [analyse]);

  const add = useCallback(
    (chosen: readonly File[]) => {
      const { accepted, skipped } = partitionUploads(chosen);
      setSkippedNotice(skipped > 0 ? UPLOAD_SKIPPED_ALERT : null);
      if (accepted.length === 0) return;
      const added = accepted.map((file): UploadItem => {
        sequence += 1;
        const key = `upload-${sequence}`;
        files.current.set(key, file);
        waiting.current.push(key);
        return {
          key,
          file,
          status: 'pending',
          progress: 0,
          stage: null,
          analysis: null,
          duplicateOf: null,
          error: null,
          companyName: null,
        };
      });
      setItems((current) => [...current, ...added]);
      void drain();
    },
    [drain],
  );

  // Files added before a deal was picked start once there is one.
  const ready = target !== null;
  useEffect(() => {
    if (ready) void drain();
  }, [ready, drain]);

  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.status === 'pending' || item.status === 'analysing'));
  }, []);

  const dismissSkippedNotice = useCallback(() => setSkippedNotice(null), []);

  return { items, add, clearFinished, skippedNotice, dismissSkippedNotice };
}
