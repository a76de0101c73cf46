import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../../test/fake-api.ts';
import { jsonResponse, type RecordedCall } from '../../../../test/fakes.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import {
  EXECUTION_ID,
  integrationsServer,
  MICROSOFT_CONNECTED,
  MS_SESSION,
  makeIngestion,
  makeOAuthStatus,
  makeScheduler,
} from '../../testing/integration-fixtures.ts';

type Routes = Parameters<typeof integrationsServer>[1];

function automationServer(
  routes: Routes = {},
  options: { role?: 'admin' | 'member'; connected?: boolean } = {},
) {
  return integrationsServer(
    {
      role: options.role ?? 'admin',
      oauth: makeOAuthStatus({ microsoft: options.connected === false ? {} : MICROSOFT_CONNECTED }),
    },
    routes,
  );
}

async function openAutomation(server: ReturnType<typeof automationServer>) {
  storeSession();
  const view = renderApp('/integrations?view=sharepoint', server);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'AI Automation' }));
  await screen.findByRole('heading', { name: 'SharePoint Statistics' });
  return { ...view, user };
}

const cardOf = (title: string) =>
  screen.getByRole('heading', { name: title, level: 3 }).closest('section') as HTMLElement;

describe('AI Automation: statistics and the connection (spec 03 §2)', () => {
  it('shows Deal Folders, Recent Deals, Connection and Scheduler', async () => {
    await openAutomation(automationServer());
    const stats = cardOf('SharePoint Statistics');
    expect(await within(stats).findByText('12')).toBeInTheDocument();
    expect(within(stats).getByText('Deal Folders')).toBeInTheDocument();
    expect(within(stats).getByText('Recent Deals')).toBeInTheDocument();
    expect(within(stats).getByText('3')).toBeInTheDocument();
    expect(within(stats).getByText('Connected')).toBeInTheDocument();
    expect(await within(stats).findByText('Stopped')).toBeInTheDocument();
    expect(within(stats).getByText('48 documents synced from Deal Team')).toBeInTheDocument();
  });

  it('tests the connection: the folders discovered, or Connection failed', async () => {
    let answer = { status: 'connected', message: 'Connected to Deal Team', folders_discovered: 7 };
    const { user } = await openAutomation(
      automationServer({ 'POST /sharepoint/test-connection': () => jsonResponse(200, answer) }),
    );
    const card = cardOf('Connection Status');
    expect(within(card).getByText(/Microsoft 365 connected as/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Test Connection' }));
    expect(await within(card).findByText('Connected to Deal Team')).toBeInTheDocument();
    expect(within(card).getByText('7 deal folders discovered')).toBeInTheDocument();
    answer = { status: 'failed', message: 'The Deals folder was not found', folders_discovered: 0 };
    await user.click(within(card).getByRole('button', { name: 'Test Connection' }));
    expect(await within(card).findByText('Connection failed')).toBeInTheDocument();
    expect(within(card).getByText('The Deals folder was not found')).toBeInTheDocument();
  });
});

describe('AI Automation: deal discovery', () => {
  it("shows the first 10 deal folders, then '... and N more deals'", async () => {
    const deals = Array.from({ length: 13 }, (_, index) => ({
      folder_id: `f${index}`,
      company_name: `Company ${index + 1}`,
      deal_id: index === 0 ? '0b8f3c6e-2a41-4c7e-9d55-6b1f0c9a4004' : null,
      modified_at: '2025-03-04T10:00:00.000Z',
    }));
    const { user } = await openAutomation(
      automationServer({ 'GET /sharepoint/discover-deals': () => jsonResponse(200, { deals, total: 13 }) }),
    );
    const card = cardOf('Deal Discovery');
    await user.click(within(card).getByRole('button', { name: 'Discover Deals' }));
    const list = await within(card).findByRole('list', { name: 'Discovered deals' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText('Company 10')).toBeInTheDocument();
    expect(within(list).queryByText('Company 11')).not.toBeInTheDocument();
    expect(within(card).getByText('... and 3 more deals')).toBeInTheDocument();
    expect(within(list).getByText('Ingested')).toBeInTheDocument();
  });
});

describe('AI Automation: ingestion', () => {
  it('starts five deals (202 running, blue with a spinner) and polls every 2 s until completed (green)', async () => {
    let polls = 0;
    const server = automationServer({
      'POST /sharepoint/ingest': () => jsonResponse(202, makeIngestion()),
      [`GET /sharepoint/ingest/${EXECUTION_ID}`]: () => {
        polls += 1;
        return jsonResponse(
          200,
          makeIngestion({
            status: 'completed',
            processed_deals: 5,
            total_documents: 9,
            processed_documents: 8,
            failed_documents: 1,
            duration_seconds: 41.6,
          }),
        );
      },
    });
    const { user } = await openAutomation(server);
    const card = cardOf('Data Ingestion');
    await user.click(within(card).getByRole('button', { name: 'Ingest 5 Deals' }));
    const running = await within(card).findByText('Running');
    expect(running.closest('[data-tone]')).toHaveAttribute('data-tone', 'blue');
    expect(running.closest('[data-tone]')?.querySelector('svg.animate-spin')).not.toBeNull();
    expect(within(card).getByRole('button', { name: 'Ingest All Deals' })).toBeDisabled();
    expect(server.callsTo('POST', '/sharepoint/ingest')[0]?.body).toEqual({ session_id: MS_SESSION });

    const completed = await within(card).findByText('Completed', {}, { timeout: 5000 });
    expect(completed.closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(polls).toBe(1);
    expect(within(card).getByText('5 of 5')).toBeInTheDocument();
    expect(within(card).getByText('Documents').nextSibling).toHaveTextContent('9');
    expect(within(card).getByText('Analysed').nextSibling).toHaveTextContent('8');
    expect(within(card).getByText('42 s')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ingest All Deals' })).toBeEnabled();
  });

  it('shows a failed run in red with its reason, and a refused start as Ingestion failed', async () => {
    const server = automationServer({
      'POST /sharepoint/ingest/full': () =>
        jsonResponse(
          202,
          makeIngestion({ mode: 'full', status: 'failed', error: 'The Deals folder is gone' }),
        ),
      'POST /sharepoint/ingest/incremental': () =>
        jsonResponse(409, { detail: 'An ingestion is already running', code: 'CONFLICT' }),
    });
    const { user } = await openAutomation(server);
    const card = cardOf('Data Ingestion');
    await user.click(within(card).getByRole('button', { name: 'Ingest All Deals' }));
    const failed = await within(card).findByText('Failed', { selector: '[data-tone]' });
    expect(failed).toHaveAttribute('data-tone', 'red');
    expect(within(card).getByText('The Deals folder is gone')).toBeInTheDocument();
    expect(server.callsTo('POST', '/sharepoint/ingest/full')[0]?.body).toEqual({});
    await user.click(within(card).getByRole('button', { name: 'Incremental (24h)' }));
    expect(
      await within(card).findByText('Ingestion failed: An ingestion is already running'),
    ).toBeInTheDocument();
  });
});

describe('AI Automation: a run that cannot be followed', () => {
  afterEach(() => vi.useRealTimers());

  it('tolerates failed polls, then stops following after three in a row and says the run goes on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const server = automationServer({
      'POST /sharepoint/ingest': () => jsonResponse(202, makeIngestion()),
      [`GET /sharepoint/ingest/${EXECUTION_ID}`]: () => {
        polls += 1;
        return jsonResponse(503, { detail: 'Service unavailable', code: 'UNAVAILABLE' });
      },
    });
    storeSession();
    renderApp('/integrations?view=sharepoint', server);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('tab', { name: 'AI Automation' }));
    await screen.findByRole('heading', { name: 'Data Ingestion' });
    const card = cardOf('Data Ingestion');
    await user.click(within(card).getByRole('button', { name: 'Ingest 5 Deals' }));
    await within(card).findByText('Running');
    for (let poll = 1; poll <= 3; poll += 1) {
      await vi.advanceTimersByTimeAsync(2000);
      await waitFor(() => expect(polls).toBe(poll));
    }
    expect(
      await within(card).findByText(
        'Could not follow the run (Service unavailable). It goes on on the server.',
      ),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('Running').closest('[data-tone]')?.querySelector('svg.animate-spin'),
    ).toBeNull();
    expect(within(card).getByRole('button', { name: 'Ingest 5 Deals' })).toBeEnabled();
    await vi.advanceTimersByTimeAsync(6000);
    expect(polls).toBe(3);
  });
});

describe('AI Automation: scheduling', () => {
  it('starts and stops the scheduler, and Refresh reads it again', async () => {
    let running = false;
    const status = () =>
      makeScheduler({
        is_running: running,
        last_run_at: '2025-03-04T06:00:00.000Z',
        next_run_at: running ? '2025-03-04T12:00:00.000Z' : null,
        last_result: makeIngestion({ mode: 'incremental', status: 'completed', duration_seconds: 3 }),
      });
    const server = automationServer({
      'GET /sharepoint/scheduler/status': () => jsonResponse(200, status()),
      'POST /sharepoint/scheduler/start': () => {
        running = true;
        return jsonResponse(200, status());
      },
      'POST /sharepoint/scheduler/stop': () => {
        running = false;
        return jsonResponse(200, status());
      },
    });
    const { user } = await openAutomation(server);
    const card = cardOf('Automated Scheduling');
    expect(await within(card).findByText('Stopped')).toBeInTheDocument();
    expect(within(card).getByText('Runs an incremental ingestion every 6 hours.')).toBeInTheDocument();
    expect(within(card).getByText('Not scheduled')).toBeInTheDocument();
    expect(within(card).getByText('Completed').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(within(card).getByRole('button', { name: 'Stop' })).toBeDisabled();

    await user.click(within(card).getByRole('button', { name: 'Start' }));
    expect(await within(card).findByText('Running')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Start' })).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Stop' }));
    expect(await within(card).findByText('Stopped')).toBeInTheDocument();

    const reads = server.callsTo('GET', '/sharepoint/scheduler/status').length;
    await user.click(within(card).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('GET', '/sharepoint/scheduler/status').length).toBe(reads + 1));
  });
});

describe('AI Automation: members', () => {
  it("see the admin's actions disabled, with a sentence saying an admin runs them", async () => {
    await openAutomation(automationServer({}, { role: 'member' }));
    expect(
      screen.getByText(
        'An organisation admin runs the connection test, ingestion, the scheduler and the choice of deal folders.',
      ),
    ).toBeInTheDocument();
    expect(
      within(cardOf('Connection Status')).getByRole('button', { name: 'Test Connection' }),
    ).toBeDisabled();
    for (const name of ['Ingest 5 Deals', 'Ingest All Deals', 'Incremental (24h)'])
      expect(within(cardOf('Data Ingestion')).getByRole('button', { name })).toBeDisabled();
    const scheduler = cardOf('Automated Scheduling');
    await within(scheduler).findByText('Stopped');
    expect(within(scheduler).getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(within(scheduler).getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(within(cardOf('Deal folders')).queryByRole('form')).not.toBeInTheDocument();
    expect(within(cardOf('Basic Sync')).getByRole('button', { name: 'Sync All Documents' })).toBeEnabled();
  });
});

describe('AI Automation: where the deal folders live', () => {
  it("shows the default place, and an admin's choice is saved", async () => {
    const server = automationServer({
      'GET /sharepoint/sites': () =>
        jsonResponse(200, {
          sites: [{ id: 'site-1', name: 'dealteam', displayName: 'Deal Team', webUrl: null }],
          personal_account: false,
          message: null,
        }),
      'GET /sharepoint/sites/site-1/drives': () =>
        jsonResponse(200, {
          drives: [
            {
              id: 'drive-1',
              name: 'Documents',
              driveType: 'documentLibrary',
              description: null,
              webUrl: null,
            },
          ],
        }),
      'PUT /sharepoint/settings': (call) => jsonResponse(200, { ...(call.body as object), chosen: true }),
    });
    const { user } = await openAutomation(server);
    const card = cardOf('Deal folders');
    expect(
      await within(card).findByText('Default: Deals in the root site, else your OneDrive'),
    ).toBeInTheDocument();
    await user.selectOptions(await within(card).findByLabelText('Site'), 'Deal Team');
    await user.selectOptions(
      within(card).getByLabelText('Library'),
      await within(card).findByRole('option', { name: 'Documents' }),
    );
    const folder = within(card).getByLabelText('Folder');
    await user.clear(folder);
    await user.type(folder, 'Pipeline/2026');
    await user.click(within(card).getByRole('button', { name: 'Save deal folders' }));
    expect(await within(card).findByText('Pipeline/2026')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/sharepoint/settings')[0]?.body).toEqual({
      site_id: 'site-1',
      drive_id: 'drive-1',
      folder_path: 'Pipeline/2026',
    });
  });
});

describe('Basic Sync (spec 03 §2, §5, §8, §9)', () => {
  const syncQuery = (call: RecordedCall | undefined) => new URL(call?.url ?? 'http://x').searchParams;

  it('sends chunking on, chunk_size 1000 and the typed max documents; empty or invalid means 20', async () => {
    const server = automationServer({
      'POST /sharepoint/sync': () =>
        jsonResponse(200, { summary: 'Synced 2 documents', extracted_terms: [], errors: [] }),
    });
    const { user } = await openAutomation(server);
    const card = cardOf('Basic Sync');
    const field = within(card).getByLabelText('Max documents');
    const chunking = within(card).getByRole('checkbox', { name: 'Enable smart chunking' });
    const sync = within(card).getByRole('button', { name: 'Sync All Documents' });
    expect(field).toHaveValue(2);
    expect(chunking).toBeChecked();

    await user.click(sync);
    expect(await within(card).findByText('Synced 2 documents')).toBeInTheDocument();
    const query = syncQuery(server.callsTo('POST', '/sharepoint/sync')[0]);
    expect(Object.fromEntries(query)).toEqual({
      session_id: MS_SESSION,
      use_chunking: 'true',
      chunk_size: '1000',
      max_documents: '2',
    });

    for (const [typed, sent] of [
      ['', '20'],
      ['150', '20'],
      ['0', '20'],
      ['100', '100'],
    ] as const) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      const before = server.callsTo('POST', '/sharepoint/sync').length;
      await user.click(sync);
      await waitFor(() => expect(server.callsTo('POST', '/sharepoint/sync')).toHaveLength(before + 1));
      expect(syncQuery(server.callsTo('POST', '/sharepoint/sync').at(-1)).get('max_documents')).toBe(sent);
    }

    await user.click(chunking);
    await user.click(sync);
    await waitFor(() =>
      expect(syncQuery(server.callsTo('POST', '/sharepoint/sync').at(-1)).get('use_chunking')).toBe('false'),
    );
  });

  it("shows three document entries, three issues and '...and N more issues'", async () => {
    const server = automationServer({
      'POST /sharepoint/sync': () =>
        jsonResponse(200, {
          summary: 'Synced 4 documents, 5 issues',
          extracted_terms: ['A.pdf', 'B.pdf', 'C.pdf', 'D.pdf'].map((document) => ({
            document,
            terms: { 'Facility amount': '€5M' },
          })),
          errors: ['E1 failed', 'E2 failed', 'E3 failed', 'E4 failed', 'E5 failed'],
        }),
    });
    const { user } = await openAutomation(server);
    const card = cardOf('Basic Sync');
    await user.click(within(card).getByRole('button', { name: 'Sync All Documents' }));
    const results = await within(card).findByRole('region', { name: 'Sync results' });
    expect(within(results).getByText('C.pdf')).toBeInTheDocument();
    expect(within(results).queryByText('D.pdf')).not.toBeInTheDocument();
    expect(within(results).getAllByText('€5M')).toHaveLength(3);
    expect(within(results).getByText('E3 failed')).toBeInTheDocument();
    expect(within(results).queryByText('E4 failed')).not.toBeInTheDocument();
    expect(within(results).getByText('...and 2 more issues')).toBeInTheDocument();
  });

  it("asks to authenticate first, and says 'Sync failed: …' when the server refuses", async () => {
    const notConnected = await openAutomation(automationServer({}, { connected: false }));
    await notConnected.user.click(
      within(cardOf('Basic Sync')).getByRole('button', { name: 'Sync All Documents' }),
    );
    expect(
      within(cardOf('Basic Sync')).getByText('Please authenticate with Microsoft 365 first'),
    ).toBeInTheDocument();
    notConnected.unmount();

    const { user } = await openAutomation(
      automationServer({
        'POST /sharepoint/sync': () =>
          jsonResponse(502, { detail: 'Graph throttled the sync', code: 'UPSTREAM' }),
      }),
    );
    await user.click(within(cardOf('Basic Sync')).getByRole('button', { name: 'Sync All Documents' }));
    expect(await screen.findByText('Sync failed: Graph throttled the sync')).toBeInTheDocument();
  });
});
