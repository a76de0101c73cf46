import type { TAutoResearchStatus, TResearchHit } from '@atempo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted } from '../../../test/scripted-fetcher.ts';
import {
  DEEP_RESEARCH_MAX_POLLS,
  mergeResults,
  pollDeepResearch,
  STATUS_UNAVAILABLE_MESSAGE,
  TOO_LONG_MESSAGE,
} from './deep-research-poller.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const hit = (id: string, score: number): TResearchHit => ({
  kind: 'funding_announcement',
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Round ${id}`,
  company_name: `Company ${id}`,
  company_id: null,
  snippet: null,
  sector: 'Fintech',
  sector_label: 'Fintech',
  region: 'UK',
  country: 'United Kingdom',
  stage: 'Series B',
  amount_eur: 10_000_000,
  confidence_score: 0.9,
  date: '2026-11-01T00:00:00.000Z',
  score,
  source: {
    kind: 'funding_announcement',
    id: null,
    name: 'Sifted',
    location: null,
    url: null,
    date: null,
    excerpt: null,
  },
});

const status = (overrides: Partial<TAutoResearchStatus>): TAutoResearchStatus => ({
  task_id: '00000000-0000-4000-8000-0000000000aa',
  status: 'running',
  progress: 0,
  partial_results: [],
  result: null,
  error: null,
  ...overrides,
});

describe('deep research polling (every 2 s, at most 30 polls)', () => {
  it('polls every 2 s, hands each partial answer over, and stops when completed', async () => {
    const { fetch, calledAt } = scripted([
      status({ progress: 20, partial_results: [hit('1', 0.5)] }),
      status({ progress: 60, partial_results: [hit('1', 0.5), hit('2', 0.9)] }),
      status({ status: 'completed', progress: 100, partial_results: [hit('1', 0.5), hit('2', 0.9)] }),
    ]);
    const seen: number[] = [];
    const outcome = pollDeepResearch('task', fetch, (answer) => seen.push(answer.progress));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toMatchObject({ kind: 'completed' });
    expect(calledAt).toEqual([2_000, 4_000, 6_000]);
    expect(seen).toEqual([20, 60, 100]);
  });

  it('gives up after 30 polls with the too-long message', async () => {
    const { fetch, calledAt } = scripted([status({ progress: 40 })]);
    const outcome = pollDeepResearch('task', fetch, () => {});
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(outcome).resolves.toEqual({ kind: 'timeout', message: TOO_LONG_MESSAGE });
    expect(fetch).toHaveBeenCalledTimes(DEEP_RESEARCH_MAX_POLLS);
    expect(calledAt.at(-1)).toBe(60_000);
    expect(TOO_LONG_MESSAGE).toBe('Research is taking longer than expected. Check back later.');
  });

  it('reports a failed task with its error, and an unreadable status', async () => {
    const failed = pollDeepResearch(
      'task',
      scripted([status({ status: 'failed', error: 'search_documents: boom' })]).fetch,
      () => {},
    );
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(failed).resolves.toEqual({
      kind: 'failed',
      message: 'Research failed: search_documents: boom',
    });

    const unreadable = pollDeepResearch(
      'task',
      scripted<TAutoResearchStatus>([new Error('network')]).fetch,
      () => {},
    );
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(unreadable).resolves.toEqual({ kind: 'unavailable', message: STATUS_UNAVAILABLE_MESSAGE });
    expect(STATUS_UNAVAILABLE_MESSAGE).toBe('Unable to get research status.');
  });

  it('stops when the page goes away', async () => {
    const { fetch } = scripted([status({})]);
    const controller = new AbortController();
    const outcome = pollDeepResearch('task', fetch, () => {}, controller.signal);
    const settled = outcome.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(((await settled) as DOMException).name).toBe('AbortError');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('merges partial results by record, best first', () => {
    const merged = mergeResults(
      [hit('1', 0.5), hit('2', 0.4)],
      [{ ...hit('2', 0.9), title: 'Updated' }, hit('3', 0.7)],
    );
    expect(merged.map((item) => [item.title, item.score])).toEqual([
      ['Updated', 0.9],
      ['Round 3', 0.7],
      ['Round 1', 0.5],
    ]);
  });
});
