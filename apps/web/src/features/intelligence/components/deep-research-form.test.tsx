import type { TAutoResearchStatus, TResearchHit } from '@atempo/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

const TASK = '00000000-0000-4000-8000-0000000000aa';

const hit = (n: number, title: string): TResearchHit => ({
  kind: 'funding_announcement',
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title,
  company_name: title.split(' raises')[0] ?? title,
  company_id: null,
  snippet: null,
  sector: 'Fintech',
  region: 'UK',
  country: 'United Kingdom',
  stage: 'Series B',
  amount_eur: 12_000_000,
  confidence_score: 0.9,
  date: '2026-11-01T00:00:00.000Z',
  score: 1 - n / 10,
  source: {
    kind: 'funding_announcement',
    id: null,
    name: `Sifted: ${title}`,
    location: null,
    url: `https://news.example/${n}`,
    date: null,
    excerpt: null,
  },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Deep research form', () => {
  it('asks for a query before sending anything', async () => {
    storeSession();
    const server = createFakeApi({ 'GET /users/me': () => jsonResponse(200, makeMe()) });
    renderApp('/intelligence', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Research' }));
    expect(await screen.findByText('Please enter a research query')).toBeInTheDocument();
    expect(screen.getByLabelText('Research query')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/auto-research/trigger')).toHaveLength(0);
  });

  it('says why the research could not start', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'POST /auto-research/trigger': () =>
        jsonResponse(503, { detail: 'The job queue is down', code: 'UNAVAILABLE' }),
    });
    renderApp('/intelligence', server);
    await userEvent.type(await screen.findByLabelText('Research query'), 'fintech');
    await userEvent.click(screen.getByRole('button', { name: 'Research' }));
    expect(await screen.findByText('Failed to start research: The job queue is down')).toBeInTheDocument();
  });

  it('merges partial results into the list as they arrive, then completes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const answers: TAutoResearchStatus[] = [
      {
        task_id: TASK,
        status: 'running',
        progress: 33,
        partial_results: [hit(1, 'Paylane raises €12M')],
        result: null,
        error: null,
      },
      {
        task_id: TASK,
        status: 'completed',
        progress: 100,
        partial_results: [hit(1, 'Paylane raises €12M'), hit(2, 'Midpay raises €12M')],
        result: {
          query: 'Series B fintech in the UK',
          regions: ['UK'],
          stages: ['B'],
          terms: ['fintech'],
          hits: [hit(1, 'Paylane raises €12M'), hit(2, 'Midpay raises €12M')],
          summary: { text: 'Two UK Series B rounds [Sifted].', engine: 'built-in', model: null, note: null },
          saved_companies: [],
          searched: ['companies', 'funding_announcements', 'documents', 'market_signals'],
        },
        error: null,
      },
    ];
    let polls = 0;
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'POST /auto-research/trigger': () => jsonResponse(202, { task_id: TASK }),
      [`GET /auto-research/status/${TASK}`]: () => jsonResponse(200, answers[Math.min(polls++, 1)]),
    });
    renderApp('/intelligence', server);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Research query'), 'Series B fintech in the UK');
    await user.click(screen.getByRole('button', { name: 'Research' }));
    expect(screen.getByRole('button', { name: 'Researching...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const list = await screen.findByRole('list', { name: 'Research results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Research progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Two UK Series B rounds [Sifted].')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Paylane raises €12M'),
      expect.stringContaining('Midpay raises €12M'),
    ]);
    expect(within(list).getAllByText('Series B · UK · Fintech · €12M · 2026-11-01')).toHaveLength(2);
    expect(server.callsTo('POST', '/auto-research/trigger')[0]?.body).toEqual({
      query: 'Series B fintech in the UK',
      save_to_db: false,
    });
  });

  it('shows the failure and the unreadable-status messages', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    let fail = true;
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'POST /auto-research/trigger': () => jsonResponse(202, { task_id: TASK }),
      [`GET /auto-research/status/${TASK}`]: () =>
        fail
          ? jsonResponse(200, {
              task_id: TASK,
              status: 'failed',
              progress: 40,
              partial_results: [],
              result: null,
              error: 'search_documents: timeout',
            })
          : jsonResponse(500, { detail: 'Internal error', code: 'INTERNAL' }),
    });
    renderApp('/intelligence', server);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Research query'), 'fintech');
    await user.click(screen.getByRole('button', { name: 'Research' }));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Research failed: search_documents: timeout')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Research' }));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Unable to get research status.')).toBeInTheDocument();
  });
});
