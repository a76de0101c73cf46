import type { TAutoResearchStatus, TDeepResearchResult, TResearchHit } from '@atempo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { COMPANY_PAGE_SIZE, companyKeys, DEFAULT_COMPANY_SORT } from '../../companies/index.ts';

const TASK = '00000000-0000-4000-8000-0000000000aa';

const hit = (n: number, title: string): TResearchHit => ({
  kind: 'funding_announcement',
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title,
  company_name: title.split(' raises')[0] ?? title,
  company_id: null,
  snippet: null,
  sector: 'Fintech',
  sector_label: null,
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

/** A finished answer to "Series B fintech in the UK" holding `hits`. */
const resultOf = (
  hits: TResearchHit[],
  saved: TDeepResearchResult['saved_companies'] = [],
): TDeepResearchResult => ({
  query: 'Series B fintech in the UK',
  regions: ['UK'],
  stages: ['B'],
  terms: [],
  filters: [],
  hits,
  total: hits.length,
  page: 1,
  limit: 20,
  summary: { text: 'Two UK Series B rounds [Sifted].', engine: 'built-in', model: null, note: null },
  saved_companies: saved,
  searched: ['companies', 'funding_announcements', 'documents', 'market_signals'],
});

const running = (progress: number, hits: TResearchHit[] = []): TAutoResearchStatus => ({
  task_id: TASK,
  status: 'running',
  progress,
  partial_results: hits,
  result: null,
  error: null,
});

/** A fake server answering the research calls: the trigger, then `answers` one per poll (the last repeats). */
function researchServer(answers: TAutoResearchStatus[]) {
  let polls = 0;
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'POST /auto-research/trigger': () => jsonResponse(202, { task_id: TASK }),
    [`GET /auto-research/status/${TASK}`]: () =>
      jsonResponse(200, answers[Math.min(polls++, answers.length - 1)]),
  });
}

async function askResearch(query: string, options: { saveToDb?: boolean } = {}) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(await screen.findByLabelText('Research query'), query);
  if (options.saveToDb) {
    await user.click(screen.getByRole('checkbox', { name: 'Add the companies found to my company list' }));
  }
  await user.click(screen.getByRole('button', { name: 'Research' }));
  return user;
}

const TOO_LONG = 'Research is taking longer than expected. Check back later.';

const filterChips = () =>
  within(screen.getByRole('list', { name: 'Filtered to:' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

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

  it('merges partial results into the list as they arrive, with the filters applied, then completes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const paylane = hit(1, 'Paylane raises €12M');
    const midpay = hit(2, 'Midpay raises €12M');
    const server = researchServer([
      {
        ...running(33, [paylane]),
        // The answer so far: the filters read from the question, two sources searched.
        result: { ...resultOf([paylane]), summary: null, searched: ['companies', 'funding_announcements'] },
      },
      { ...running(100, [paylane, midpay]), status: 'completed', result: resultOf([paylane, midpay]) },
    ]);
    renderApp('/intelligence', server);
    await askResearch('Series B fintech in the UK');
    expect(screen.getByRole('button', { name: 'Researching...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const list = await screen.findByRole('list', { name: 'Research results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Research progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(screen.getByText('Filtered to:')).toBeVisible();
    expect(filterChips()).toEqual(['UK', 'Series B']);
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
    expect(within(list).getAllByText('Series B · UK · Fintech · €12.0M · 2026-11-01')).toHaveLength(2);
    expect(filterChips()).toEqual(['UK', 'Series B']);
    expect(screen.getByRole('status')).toHaveTextContent('Research complete: 2 results.');
    expect(server.callsTo('POST', '/auto-research/trigger')[0]?.body).toEqual({
      query: 'Series B fintech in the UK',
      save_to_db: false,
    });
  });

  it('shows no filter chips when the question names no region or stage', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const found = hit(1, 'Paylane raises €12M');
    const unfiltered = { ...resultOf([found]), regions: [], stages: [] };
    renderApp(
      '/intelligence',
      researchServer([{ ...running(100, [found]), status: 'completed', result: unfiltered }]),
    );
    await askResearch('fintech');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText(/Research complete: 1 result/)).toBeInTheDocument();
    expect(screen.queryByText('Filtered to:')).not.toBeInTheDocument();
  });

  it('prints sectors as labels and leaves out an unknown region and the sector other', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const climate = { ...hit(1, 'Voltaro raises €1.2bn'), sector: 'climate_tech', amount_eur: 1_200_000_000 };
    const unplaced = {
      ...hit(2, 'Obscura raises €3M'),
      sector: 'other',
      region: 'Unknown',
      country: null,
      amount_eur: 3_000_000,
    };
    renderApp(
      '/intelligence',
      researchServer([
        { ...running(100, [climate, unplaced]), status: 'completed', result: resultOf([climate, unplaced]) },
      ]),
    );
    await askResearch('Series B fintech in the UK');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const list = await screen.findByRole('list', { name: 'Research results' });
    expect(
      within(list).getByText('Series B · UK · Climate Tech · €1,200.0M · 2026-11-01'),
    ).toBeInTheDocument();
    expect(within(list).getByText('Series B · €3.0M · 2026-11-01')).toBeInTheDocument();
  });

  it('adds the companies found to the list when asked, and refreshes the Companies data', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const found = [hit(1, 'Paylane raises €12M'), hit(2, 'Midpay raises €12M')];
    const saved: TDeepResearchResult['saved_companies'] = [
      { id: '00000000-0000-4000-8000-0000000000c1', name: 'Paylane', confidence_level: 'high' },
      { id: '00000000-0000-4000-8000-0000000000c2', name: 'Midpay', confidence_level: 'medium' },
    ];
    const server = researchServer([
      { ...running(100, found), status: 'completed', result: resultOf(found, saved) },
    ]);
    const { queryClient } = renderApp('/intelligence', server);
    // What the Companies screen would have cached before.
    const companiesList = companyKeys.list({
      search: '',
      priority: '',
      sort: DEFAULT_COMPANY_SORT,
      limit: COMPANY_PAGE_SIZE,
      offset: 0,
    });
    queryClient.setQueryData(companiesList, { companies: [], total: 0, limit: 50, offset: 0 });
    queryClient.setQueryData(companyKeys.stats, { total_companies: 0 });
    await askResearch('Series B fintech in the UK', { saveToDb: true });
    expect(server.callsTo('POST', '/auto-research/trigger')[0]?.body).toEqual({
      query: 'Series B fintech in the UK',
      save_to_db: true,
    });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Research complete: 2 results, 2 new companies added to your list.',
    );
    expect(queryClient.getQueryState(companiesList)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(companyKeys.stats)?.isInvalidated).toBe(true);
  });

  it('says one company when one was added', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const found = [hit(1, 'Paylane raises €12M')];
    const saved: TDeepResearchResult['saved_companies'] = [
      { id: '00000000-0000-4000-8000-0000000000c1', name: 'Paylane', confidence_level: 'high' },
    ];
    renderApp(
      '/intelligence',
      researchServer([{ ...running(100, found), status: 'completed', result: resultOf(found, saved) }]),
    );
    await askResearch('Series B fintech in the UK', { saveToDb: true });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Research complete: 1 result, 1 new company added to your list.',
    );
  });

  it('stops after 30 polls (2 s apart) with the too-long message, keeping what was found', async () => {
    // Only the clock the poller reads: faking every timer source makes 30 polls crawl.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    storeSession();
    const server = researchServer([running(50, [hit(1, 'Paylane raises €12M')])]);
    renderApp('/intelligence', server);
    const polls = () => server.callsTo('GET', `/auto-research/status/${TASK}`).length;
    await askResearch('Series B fintech in the UK');
    for (let poll = 1; poll <= 29; poll++) {
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(polls()).toBe(poll));
    }
    expect(screen.getByRole('button', { name: 'Researching...' })).toBeDisabled();
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText(TOO_LONG)).toBeInTheDocument();
    expect(polls()).toBe(30);
    expect(screen.getByRole('button', { name: 'Research' })).toBeEnabled();
    const list = screen.getByRole('list', { name: 'Research results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    // No further polls once it has given up.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls()).toBe(30);
  });

  it('shows the filters the server applied, human labels, and pages the results', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const pageOne = Array.from({ length: 20 }, (_, i) => ({
      ...hit(i % 10, `Company ${i} raises €12M`),
      id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
      sector: 'climate_tech',
      sector_label: 'Climate Tech',
      score: 1 - i / 100,
    }));
    const pageTwo = [
      { ...pageOne[0]!, id: '00000000-0000-4000-8000-000000000200', title: 'Last one raises €1M' },
    ];
    const filtered = {
      ...resultOf(pageOne),
      filters: [
        { kind: 'place' as const, label: 'Nordics' },
        { kind: 'sector' as const, label: 'Climate Tech' },
        { kind: 'window' as const, label: 'This month (since 1 Nov 2026)' },
      ],
      total: 21,
    };
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'POST /auto-research/trigger': () => jsonResponse(202, { task_id: TASK }),
      [`GET /auto-research/status/${TASK}`]: (call) => {
        const page = new URL(call.url).searchParams.get('page');
        const result = page === '2' ? { ...filtered, hits: pageTwo, page: 2 } : filtered;
        return jsonResponse(200, {
          ...running(100, result.hits),
          status: 'completed',
          result,
        });
      },
    });
    renderApp('/intelligence', server);
    const user = await askResearch('climate tech in the Nordics this month');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText(/Research complete: 21 results/)).toBeInTheDocument();
    expect(filterChips()).toEqual(['Nordics', 'Climate Tech', 'This month (since 1 Nov 2026)']);
    const list = screen.getByRole('list', { name: 'Research results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByText(/Climate Tech/).length).toBe(20);
    expect(screen.queryByText(/climate_tech/)).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Research results pages' });
    expect(within(pages).getByText('Page 1 of 2 (21 total)')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Last one raises €1M')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Research results' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByText('Page 2 of 2 (21 total)')).toBeInTheDocument();
    const asked = server
      .callsTo('GET', `/auto-research/status/${TASK}`)
      .map((call) => new URL(call.url).search);
    expect(asked).toContain('?page=2&limit=20');
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
