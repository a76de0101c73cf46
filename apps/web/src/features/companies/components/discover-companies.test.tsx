import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { listOf, STATS } from '../test/company-fixtures.ts';

const EXECUTION = '00000000-0000-4000-8000-0000000000cc';

const workflow = (status: string, result: unknown = null, error: string | null = null) => ({
  execution_id: EXECUTION,
  workflow_type: 'company_discovery',
  status,
  stage: status,
  progress: status === 'completed' ? 100 : 50,
  subject_id: null,
  error,
  steps: [],
  result,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

afterEach(() => {
  vi.useRealTimers();
});

function serverWith(
  answers: (() => Response)[],
  start = () => jsonResponse(202, { execution_id: EXECUTION }),
) {
  let polls = 0;
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /companies': () => jsonResponse(200, listOf([])),
    'GET /company-scoring/stats': () => jsonResponse(200, STATS),
    'POST /agents/research/company-discovery': start,
    [`GET /agents/workflows/${EXECUTION}/status`]: () => answers[Math.min(polls++, answers.length - 1)]!(),
  });
}

describe('Company discovery from the Companies page', () => {
  it('is disabled while it runs, polls every 5 s (10 s after an error) and says when it completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const server = serverWith([
      () => jsonResponse(200, workflow('running')),
      () => jsonResponse(502, { detail: 'Bad gateway', code: 'BAD_GATEWAY' }),
      () => jsonResponse(200, workflow('completed', { saved_companies: [{}, {}] })),
    ]);
    renderApp('/companies', server);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Discover companies' }));
    expect(await screen.findByRole('button', { name: 'Discovering...' })).toBeDisabled();
    expect(server.callsTo('POST', '/agents/research/company-discovery')[0]?.body).toEqual({
      research_depth: 'comprehensive',
      priority: 'high',
      max_companies: 20,
      save_to_db: true,
    });
    const polls = () => server.callsTo('GET', `/agents/workflows/${EXECUTION}/status`).length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(polls()).toBe(2); // answered 502: the next poll waits 10 s
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(polls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(polls()).toBe(3);
    expect(
      await screen.findByText('Company discovery completed: 2 new companies added.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Discover companies' })).toBeEnabled();
  });

  it('says when discovery failed, or could not start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    renderApp(
      '/companies',
      serverWith([() => jsonResponse(200, workflow('error', null, 'no thesis sectors'))]),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Discover companies' }));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Company discovery failed: no thesis sectors')).toBeInTheDocument();
  });

  it('without an execution id, comes back after 2 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const server = serverWith([], () => jsonResponse(202, {}));
    renderApp('/companies', server);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Discover companies' }));
    expect(await screen.findByRole('button', { name: 'Discovering...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.getByRole('button', { name: 'Discovering...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByRole('button', { name: 'Discover companies' })).toBeEnabled();
    expect(server.callsTo('GET', `/agents/workflows/${EXECUTION}/status`)).toHaveLength(0);
  });

  it('reports a start failure', async () => {
    storeSession();
    renderApp(
      '/companies',
      serverWith([], () => jsonResponse(422, { detail: 'No thesis configured', code: 'VALIDATION_ERROR' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Discover companies' }));
    expect(
      await screen.findByText('Failed to start company discovery: No thesis configured'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discover companies' })).toBeEnabled();
  });
});
