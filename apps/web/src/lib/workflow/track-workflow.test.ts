import type { TWorkflowStatus } from '@atempo/contracts';
import { describe, expect, it, vi } from 'vitest';
import { makeWorkflowStatus } from '../../features/documents/testing/document-fixtures.ts';
import { trackWorkflow, WORKFLOW_MAX_POLLS, WORKFLOW_POLL_INTERVAL_MS } from './track-workflow.ts';

function statuses(...list: Partial<TWorkflowStatus>[]) {
  const answers = list.map((item) => makeWorkflowStatus(item));
  let index = 0;
  return vi.fn(async () => answers[Math.min(index++, answers.length - 1)] as TWorkflowStatus);
}

describe('trackWorkflow (spec 01 §4 workflow tracking, §9 limits)', () => {
  it('polls every 2 s until the status is completed, reporting each status', async () => {
    const fetchStatus = statuses({ progress: 10 }, { progress: 60 }, { status: 'completed', progress: 100 });
    const sleep = vi.fn(async () => undefined);
    const seen: number[] = [];
    const final = await trackWorkflow('exec', { fetchStatus, sleep, onStatus: (s) => seen.push(s.progress) });
    expect(final.status).toBe('completed');
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(WORKFLOW_POLL_INTERVAL_MS, undefined);
    expect(WORKFLOW_POLL_INTERVAL_MS).toBe(2000);
    expect(seen).toEqual([10, 60, 100]);
  });

  it('stops at failed, which is final too', async () => {
    const fetchStatus = statuses({}, { status: 'failed', error: 'The PDF is encrypted' });
    const final = await trackWorkflow('exec', { fetchStatus, sleep: async () => undefined });
    expect(final).toMatchObject({ status: 'failed', error: 'The PDF is encrypted' });
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('gives up after 150 polls with "Workflow execution timeout"', async () => {
    const fetchStatus = statuses({ status: 'running' });
    const sleep = vi.fn(async () => undefined);
    await expect(trackWorkflow('exec', { fetchStatus, sleep })).rejects.toThrow('Workflow execution timeout');
    expect(WORKFLOW_MAX_POLLS).toBe(150);
    expect(fetchStatus).toHaveBeenCalledTimes(150);
    expect(sleep).toHaveBeenCalledTimes(149);
  });

  it('completes on the 150th poll without timing out', async () => {
    const fetchStatus = statuses(...Array.from({ length: 149 }, () => ({})), { status: 'completed' });
    const final = await trackWorkflow('exec', { fetchStatus, sleep: async () => undefined });
    expect(final.status).toBe('completed');
  });

  it('ends with the error of a failed poll', async () => {
    const fetchStatus = vi.fn(async () => {
      throw new Error('Could not reach the Atempo server.');
    });
    await expect(trackWorkflow('exec', { fetchStatus, sleep: async () => undefined })).rejects.toThrow(
      'Could not reach the Atempo server.',
    );
  });
});
