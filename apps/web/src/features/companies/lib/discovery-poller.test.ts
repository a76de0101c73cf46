import type { TWorkflowStatus } from '@atempo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted } from '../../../test/scripted-fetcher.ts';
import { pollDiscovery, WORKFLOW_TIMEOUT_MESSAGE } from './discovery-poller.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const workflow = (state: string, error: string | null = null): TWorkflowStatus =>
  ({
    execution_id: '00000000-0000-4000-8000-0000000000bb',
    workflow_type: 'company_discovery',
    status: state,
    stage: state,
    progress: 0,
    subject_id: null,
    error,
    steps: [],
    result: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  }) as TWorkflowStatus;

describe('company discovery polling (5 s, 10 s after an error, reset after 2 min without an id)', () => {
  it('polls every 5 s, waits 10 s after a failed poll, and is done on completed', async () => {
    const { fetch, calledAt } = scripted([
      workflow('running'),
      new Error('502'),
      workflow('running'),
      workflow('completed'),
    ]);
    const outcome = pollDiscovery('exec', fetch);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(outcome).resolves.toMatchObject({ kind: 'completed' });
    expect(calledAt).toEqual([5_000, 10_000, 20_000, 25_000]);
  });

  it.each([
    ['success', 'completed'],
    ['failed', 'failed'],
    ['error', 'failed'],
  ])('treats %s as %s', async (state, kind) => {
    const outcome = pollDiscovery('exec', scripted([workflow(state, 'it broke')]).fetch);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(outcome).resolves.toMatchObject({ kind });
  });

  it('without an execution id resets after 2 minutes, polling nothing', async () => {
    const { fetch } = scripted([workflow('running')]);
    let settled = false;
    const outcome = pollDiscovery(null, fetch).then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ kind: 'reset' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fails with 'Workflow execution timeout' after 150 polls", async () => {
    const { fetch } = scripted([workflow('running')]);
    const outcome = pollDiscovery('exec', fetch);
    await vi.advanceTimersByTimeAsync(150 * 5_000);
    await expect(outcome).resolves.toEqual({ kind: 'failed', error: WORKFLOW_TIMEOUT_MESSAGE });
    expect(fetch).toHaveBeenCalledTimes(150);
  });
});
