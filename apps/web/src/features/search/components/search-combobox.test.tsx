import type { TSearchHit } from '@atempo/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { RECENT_SEARCHES_KEY } from '../lib/recent-searches.ts';

const HITS: TSearchHit[] = [
  {
    kind: 'company',
    id: '6f1c3b6e-1d1a-4c55-9a1e-000000000001',
    title: 'Lumen Robotics',
    subtitle: 'Robotics · Series B',
    link: '/companies/6f1c3b6e-1d1a-4c55-9a1e-000000000001',
  },
  {
    kind: 'deal',
    id: '6f1c3b6e-1d1a-4c55-9a1e-000000000002',
    title: 'Lumen Robotics — Deal #4',
    subtitle: 'Lead · €5,000,000 requested',
    link: '/deals/6f1c3b6e-1d1a-4c55-9a1e-000000000002/intelligence',
  },
  {
    kind: 'document',
    id: '6f1c3b6e-1d1a-4c55-9a1e-000000000003',
    title: 'Lumen FY2024 model.xlsx',
    subtitle: 'Lumen Robotics · financial model',
    link: '/knowledge?document=6f1c3b6e-1d1a-4c55-9a1e-000000000003',
  },
];

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderAt(path: string, hits = HITS) {
  storeSession();
  const server = createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /search': (call) =>
      jsonResponse(200, { query: new URL(call.url).searchParams.get('q'), results: hits }),
  });
  return { server, ...renderApp(path, server) };
}
const searchCalls = (server: ReturnType<typeof createFakeApi>) =>
  server.callsTo('GET', '/search').map((call) => Object.fromEntries(new URL(call.url).searchParams));

describe('smart search on /intelligence (spec 02)', () => {
  it('waits 800 ms after the last key, then asks for 8 results', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderAt('/intelligence');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const box = await screen.findByRole('combobox', { name: 'Smart search' });
    await user.type(box, 'lumen');
    await act(() => vi.advanceTimersByTimeAsync(650));
    expect(searchCalls(server)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(searchCalls(server)).toEqual([{ q: 'lumen', limit: '8' }]));
    expect(await screen.findByRole('option', { name: /Lumen Robotics — Deal #4/ })).toBeInTheDocument();
  });

  it('shows the last 5 searches when the box is empty, and a chosen one searches again', async () => {
    window.localStorage.setItem(
      RECENT_SEARCHES_KEY,
      JSON.stringify(['orbit', 'nimbus', 'lumen', 'acme', 'zeta', 'old']),
    );
    const { server, router } = renderAt('/intelligence');
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Smart search' });
    await user.click(box);
    const recent = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(recent).toBeVisible();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'orbit',
      'nimbus',
      'lumen',
      'acme',
      'zeta',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box).toHaveValue('nimbus');
    await waitFor(() => expect(searchCalls(server).at(-1)).toEqual({ q: 'nimbus', limit: '8' }), {
      timeout: 3_000,
    });
    // Opening a result remembers the search, newest first.
    await user.click(await screen.findByRole('option', { name: /Lumen FY2024 model.xlsx/ }));
    await waitFor(
      () => expect(router.state.location.pathname + router.state.location.search).toBe(HITS[2]!.link),
      {
        timeout: 5_000,
      },
    );
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual([
      'nimbus',
      'orbit',
      'lumen',
      'acme',
      'zeta',
    ]);
  });
});

describe('smart search remembers a search (spec 02: the last 5, on the device)', () => {
  const stored = () => JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? 'null');

  it('that found results, without a result being opened: first, once, five kept', async () => {
    window.localStorage.setItem(
      RECENT_SEARCHES_KEY,
      JSON.stringify(['orbit', 'nimbus', 'lumen', 'acme', 'zeta']),
    );
    const { router } = renderAt('/intelligence');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Smart search' }), 'Lumen');
    expect(await screen.findByRole('option', { name: /Lumen Robotics — Deal #4/ })).toBeInTheDocument();
    await waitFor(() => expect(stored()).toEqual(['Lumen', 'orbit', 'nimbus', 'acme', 'zeta']));
    expect(router.state.location.pathname).toBe('/intelligence');
  });

  it('on Enter, even when nothing was found; not before', async () => {
    renderAt('/intelligence', []);
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Smart search' });
    await user.type(box, 'nothing here');
    expect(await screen.findByText('No results for "nothing here"')).toBeInTheDocument();
    expect(stored()).toBeNull();
    await user.keyboard('{Enter}');
    expect(stored()).toEqual(['nothing here']);
    await user.clear(box);
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toHaveTextContent('nothing here');
  });
});

describe("top-bar search 'Search companies, deals...'", () => {
  it('is a combobox: arrows move through the results, Enter opens one, Escape closes the list', async () => {
    const { router } = renderAt('/dashboard');
    const user = userEvent.setup();
    const box = await screen.findByPlaceholderText('Search companies, deals...');
    expect(box).toHaveAttribute('role', 'combobox');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'lumen');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Lumen RoboticsRobotics · Series BCompany',
      'Lumen Robotics — Deal #4Lead · €5,000,000 requestedDeal',
      'Lumen FY2024 model.xlsxLumen Robotics · financial modelDocument',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last option the highlight wraps to the first; up from the first goes to the last.
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/${HITS[1]!.id}/intelligence`));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nothing matches, and Enter then hands the text to the companies screen', async () => {
    const { router } = renderAt('/dashboard', []);
    const user = userEvent.setup();
    const box = await screen.findByPlaceholderText('Search companies, deals...');
    await user.type(box, 'nothing here');
    expect(await screen.findByText('No results for "nothing here"')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(router.state.location.search).toBe('?search=nothing%20here');
  });
});
