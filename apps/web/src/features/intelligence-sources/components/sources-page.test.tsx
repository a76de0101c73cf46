import type { TCuratedFeed, TIntelligenceSource, TSourceFetchResponse } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

const OK_SOURCE: TIntelligenceSource = {
  id: '0b7e3c1a-5d2f-4e8b-9a61-000000000001',
  name: 'EU-Startups',
  url: 'https://www.eu-startups.com/feed/',
  enabled: true,
  curated: true,
  last_fetched_at: '2026-11-23T07:30:00.000Z',
  last_status: 'ok',
  last_error: null,
  items_found: 25,
  announcements_found: 7,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-23T07:30:00.000Z',
};
const BROKEN_SOURCE: TIntelligenceSource = {
  ...OK_SOURCE,
  id: '0b7e3c1a-5d2f-4e8b-9a61-000000000002',
  name: 'Broken Wire',
  url: 'https://broken.example.com/rss',
  enabled: false,
  curated: false,
  last_status: 'error',
  last_error: 'The feed is not well-formed XML (line 3): Unexpected end',
  items_found: 0,
  announcements_found: 0,
};
const CURATED: TCuratedFeed[] = [
  {
    name: 'EU-Startups',
    url: OK_SOURCE.url,
    description: 'Daily funding rounds',
    region: 'Europe',
    source_id: OK_SOURCE.id,
  },
  {
    name: 'UKTN',
    url: 'https://www.uktech.news/feed',
    description: 'UK Tech News',
    region: 'UK',
    source_id: null,
  },
];

function api(
  sources: TIntelligenceSource[],
  extra: Record<string, ApiRoute> = {},
  role: 'admin' | 'member' = 'admin',
) {
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe({ role })),
    'GET /intelligence/sources': () =>
      jsonResponse(200, { sources, total: sources.length, limit: 100, offset: 0 }),
    'GET /intelligence/sources/curated': () => jsonResponse(200, { feeds: CURATED }),
    ...extra,
  });
}

describe('Feed Sources', () => {
  it('lists the feeds with their switch, last run, counts and errors, and the suggestions', async () => {
    storeSession();
    renderApp('/organization/sources', api([OK_SOURCE, BROKEN_SOURCE]));
    expect(await screen.findByRole('heading', { name: 'Feed Sources', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const ok = rows[1] as HTMLElement;
    expect(within(ok).getByText('EU-Startups')).toBeInTheDocument();
    expect(within(ok).getByText('Suggested')).toBeInTheDocument();
    expect(within(ok).getByRole('switch', { name: 'Enabled: EU-Startups' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(ok).getByText('OK')).toBeInTheDocument();
    expect(within(ok).getByText('25')).toBeInTheDocument();
    expect(within(ok).getByText('7')).toBeInTheDocument();
    const broken = rows[2] as HTMLElement;
    expect(within(broken).getByRole('switch', { name: 'Enabled: Broken Wire' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(broken).getByText('Error')).toBeInTheDocument();
    expect(within(broken).getByText(BROKEN_SOURCE.last_error as string)).toBeInTheDocument();
    expect(screen.getByText('2 feeds, 1 fetched every 30 minutes.')).toBeInTheDocument();

    const suggestions = screen
      .getByRole('heading', { name: 'Suggested feeds' })
      .closest('section') as HTMLElement;
    expect(within(suggestions).getByText('Added')).toBeInTheDocument();
    expect(within(suggestions).getByRole('button', { name: 'Enable UKTN' })).toBeInTheDocument();
    expect(within(suggestions).queryByRole('button', { name: 'Enable EU-Startups' })).not.toBeInTheDocument();
  });

  it('says what is wrong with the form before sending, then adds the feed', async () => {
    storeSession();
    const server = api([], {
      'POST /intelligence/sources': (call) =>
        jsonResponse(201, {
          ...BROKEN_SOURCE,
          ...(call.body as object),
          last_status: null,
          last_error: null,
        }),
    });
    renderApp('/organization/sources', server);
    const user = userEvent.setup();
    expect(
      await screen.findByText(/Add a feed above, or add one of the suggested feeds/),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a feed' });
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    expect(within(form).getByText('Feed URL is required')).toBeInTheDocument();
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Feed URL'), 'ftp://files.example.com/feed');
    await user.type(within(form).getByLabelText('Name'), 'Files');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    expect(within(form).getByText('Enter an http:// or https:// feed URL')).toBeInTheDocument();
    expect(server.callsTo('POST', '/intelligence/sources')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Feed URL'));
    await user.type(within(form).getByLabelText('Feed URL'), '  https://news.example.com/feed/ ');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/intelligence/sources')[0]?.body).toEqual({
        url: 'https://news.example.com/feed/',
        name: 'Files',
      }),
    );
    await waitFor(() => expect(within(form).getByLabelText('Feed URL')).toHaveValue(''));
  });

  it("shows the server's refusal of a feed", async () => {
    storeSession();
    const detail = 'This feed is already in your sources';
    renderApp(
      '/organization/sources',
      api([OK_SOURCE], {
        'POST /intelligence/sources': () => jsonResponse(409, { detail, code: 'SOURCE_EXISTS' }),
      }),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a feed' });
    await user.type(within(form).getByLabelText('Feed URL'), OK_SOURCE.url);
    await user.type(within(form).getByLabelText('Name'), 'Again');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    expect(await within(form).findByText(detail)).toBeInTheDocument();
  });

  it('test-fetches a feed and shows the outcome, success or error', async () => {
    storeSession();
    let answer: TSourceFetchResponse = {
      source: OK_SOURCE,
      run: {
        status: 'ok',
        http_status: 200,
        items_found: 3,
        announcements_found: 1,
        error: null,
        duration_ms: 420,
      },
    };
    const server = api([OK_SOURCE], {
      [`POST /intelligence/sources/${OK_SOURCE.id}/fetch`]: () => jsonResponse(200, answer),
    });
    renderApp('/organization/sources', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test fetch EU-Startups' }));
    expect(
      await screen.findByText('EU-Startups: 3 items, 1 funding announcement (0.4 s).'),
    ).toBeInTheDocument();

    answer = {
      source: { ...OK_SOURCE, last_status: 'error', last_error: 'The response is larger than 10 MB' },
      run: {
        status: 'error',
        http_status: 200,
        items_found: 25,
        announcements_found: 7,
        error: 'The response is larger than 10 MB',
        duration_ms: 900,
      },
    };
    await user.click(screen.getByRole('button', { name: 'Test fetch EU-Startups' }));
    expect(await screen.findByText('EU-Startups: The response is larger than 10 MB')).toBeInTheDocument();
    expect(server.callsTo('POST', `/intelligence/sources/${OK_SOURCE.id}/fetch`)).toHaveLength(2);
  });

  it('switches a feed on, enables a suggestion, and removes a feed only after confirmation', async () => {
    storeSession();
    const server = api([BROKEN_SOURCE], {
      [`PATCH /intelligence/sources/${BROKEN_SOURCE.id}`]: (call) =>
        jsonResponse(200, { ...BROKEN_SOURCE, ...(call.body as object) }),
      'POST /intelligence/sources': (call) => jsonResponse(201, { ...OK_SOURCE, ...(call.body as object) }),
      [`DELETE /intelligence/sources/${BROKEN_SOURCE.id}`]: () => jsonResponse(200, { success: true }),
    });
    renderApp('/organization/sources', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Enabled: Broken Wire' }));
    await waitFor(() =>
      expect(server.callsTo('PATCH', `/intelligence/sources/${BROKEN_SOURCE.id}`)[0]?.body).toEqual({
        enabled: true,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Enable UKTN' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/intelligence/sources')[0]?.body).toEqual({
        url: 'https://www.uktech.news/feed',
        name: 'UKTN',
        enabled: true,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Broken Wire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Broken Wire?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/intelligence/sources/${BROKEN_SOURCE.id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Broken Wire' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(server.callsTo('DELETE', `/intelligence/sources/${BROKEN_SOURCE.id}`)).toHaveLength(1),
    );
  });

  it('keeps members out', async () => {
    storeSession();
    const { router } = renderApp('/organization/sources', api([OK_SOURCE], {}, 'member'));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
