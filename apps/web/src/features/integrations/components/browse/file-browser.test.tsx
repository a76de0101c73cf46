import type { TSharePointItemsResponse } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../../test/fake-api.ts';
import type { RecordedCall } from '../../../../test/fakes.ts';
import { jsonResponse } from '../../../../test/fakes.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import {
  DOCUMENT_ID,
  integrationsServer,
  MICROSOFT_CONNECTED,
  MS_SESSION,
  makeAnalysis,
  makeFile,
  makeFolder,
  makeOAuthStatus,
} from '../../testing/integration-fixtures.ts';

const SITES = {
  sites: [{ id: 'site-1', name: 'dealteam', displayName: 'Deal Team', webUrl: null }],
  personal_account: false,
  message: null,
};
const DRIVES = {
  drives: [
    { id: 'drive-1', name: 'Documents', driveType: 'documentLibrary', description: null, webUrl: null },
  ],
};

const FOLDERS: Record<string, TSharePointItemsResponse> = {
  '/': {
    folder_path: '/',
    folders: [makeFolder('Deals', { childCount: 1 })],
    files: [makeFile('Teaser.pdf'), makeFile('Logo.png', { canAnalyse: false, mimeType: 'image/png' })],
  },
  '/Deals': { folder_path: '/Deals', folders: [makeFolder('Acme')], files: [] },
  '/Deals/Acme': { folder_path: '/Deals/Acme', folders: [], files: [] },
};

const folderOf = (call: RecordedCall) => new URL(call.url).searchParams.get('folder_path') ?? '/';

function browseServer(routes: Parameters<typeof integrationsServer>[1] = {}) {
  return integrationsServer(
    { oauth: makeOAuthStatus({ microsoft: MICROSOFT_CONNECTED }) },
    {
      'GET /sharepoint/sites': () => jsonResponse(200, SITES),
      'GET /sharepoint/sites/site-1/drives': () => jsonResponse(200, DRIVES),
      'GET /sharepoint/drives/drive-1/items': (call) => jsonResponse(200, FOLDERS[folderOf(call)]),
      ...routes,
    },
  );
}

async function openLibrary(server: ReturnType<typeof browseServer>) {
  storeSession();
  const view = renderApp('/integrations?view=sharepoint', server);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open Deal Team' }));
  await user.click(await screen.findByRole('button', { name: 'Open Documents' }));
  await screen.findByRole('list', { name: 'Folders and files' });
  return { ...view, user };
}

const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Folder path' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Browse Files (spec 03 §2)', () => {
  it('drills from sites to libraries to folders, with breadcrumbs, Back, and the session id on every call', async () => {
    const server = browseServer();
    const { user } = await openLibrary(server);
    expect(crumbs()).toEqual(['Sites', 'Deal Team', 'Documents']);
    expect(screen.getByRole('button', { name: 'AI Analyse (Coming Soon)' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Open Deals' }));
    await user.click(await screen.findByRole('button', { name: 'Open Acme' }));
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(crumbs()).toEqual(['Sites', 'Deal Team', 'Documents', 'Deals', 'Acme']);
    expect(folderOf(server.callsTo('GET', '/sharepoint/drives/drive-1/items').at(-1) as RecordedCall)).toBe(
      '/Deals/Acme',
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Open Acme' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Documents' }));
    expect(await screen.findByRole('button', { name: 'Open Deals' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Open Documents' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Open Deal Team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    for (const call of [
      ...server.callsTo('GET', '/sharepoint/sites'),
      ...server.callsTo('GET', '/sharepoint/sites/site-1/drives'),
      ...server.callsTo('GET', '/sharepoint/drives/drive-1/items'),
    ])
      expect(new URL(call.url).searchParams.get('session_id')).toBe(MS_SESSION);
  });

  it('lists files with their actions; Refresh asks again', async () => {
    const server = browseServer();
    const { user } = await openLibrary(server);
    const link = screen.getByRole('link', { name: 'Open Teaser.pdf in a new tab' });
    expect(link).toHaveAttribute('href', 'https://northbridge.sharepoint.example/Teaser.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Analyse Teaser.pdf' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Analyse Logo.png' })).toBeDisabled();
    expect(screen.getByText('1 item · 4 Mar 2025')).toBeInTheDocument();
    expect(screen.getAllByText('12.3 KB · 4 Mar 2025')).toHaveLength(2);
    const before = server.callsTo('GET', '/sharepoint/drives/drive-1/items').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/sharepoint/drives/drive-1/items')).toHaveLength(before + 1),
    );
  });

  it("names the server's document types and figures as people read them", async () => {
    const server = browseServer({
      'POST /sharepoint/analyse-document': () =>
        jsonResponse(
          200,
          makeAnalysis({
            analysis: {
              documentType: 'pitch_deck',
              summary: 'Acme is raising a growth round.',
              keyMetrics: [
                { name: 'arr', value: '€8M' },
                { name: 'net_burn', value: '€600k (monthly)' },
              ],
              riskFlags: [],
              actionItems: [],
              canAnalyse: true,
            },
          }),
        ),
    });
    const { user } = await openLibrary(server);
    await user.click(screen.getByRole('button', { name: 'Analyse Teaser.pdf' }));
    const panel = await screen.findByRole('region', { name: 'Analysis of Teaser.pdf' });
    expect(await within(panel).findByText('Pitch deck')).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['ARR', 'Net burn']);
    expect(within(panel).queryByText('pitch_deck')).not.toBeInTheDocument();
    expect(within(panel).queryByText('net_burn')).not.toBeInTheDocument();
  });

  it('analyses a file and shows what was found', async () => {
    const server = browseServer({
      'POST /sharepoint/analyse-document': () => jsonResponse(200, makeAnalysis()),
    });
    const { user } = await openLibrary(server);
    await user.click(screen.getByRole('button', { name: 'Analyse Teaser.pdf' }));
    const panel = await screen.findByRole('region', { name: 'Analysis of Teaser.pdf' });
    expect(
      await within(panel).findByText('Acme grew ARR to €4.2M with 14 months of runway.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Management accounts')).toBeInTheDocument();
    expect(within(panel).getByText('€4.2M')).toBeInTheDocument();
    expect(within(panel).getByText('Customer concentration above 30%')).toBeInTheDocument();
    expect(within(panel).getByText('Ask for the cohort analysis')).toBeInTheDocument();
    expect(within(panel).getByText(/Acme Robotics management accounts, March 2025/)).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: 'Open the document in the Knowledge Hub' }),
    ).toHaveAttribute('href', `/knowledge?document=${DOCUMENT_ID}`);
    expect(server.callsTo('POST', '/sharepoint/analyse-document')[0]?.body).toEqual({
      session_id: MS_SESSION,
      drive_id: 'drive-1',
      item_id: 'file-Teaser.pdf',
    });
  });

  it('follows an analysis that is still processing until its result is ready', async () => {
    let polls = 0;
    const server = browseServer({
      'POST /sharepoint/analyse-document': () =>
        jsonResponse(
          200,
          makeAnalysis({
            status: 'processing',
            analysis: {
              documentType: null,
              summary: null,
              keyMetrics: [],
              riskFlags: [],
              actionItems: [],
              canAnalyse: true,
            },
          }),
        ),
      [`GET /document-processing/result/${DOCUMENT_ID}`]: () => {
        polls += 1;
        if (polls === 1)
          return jsonResponse(409, { detail: 'Still processing', code: 'DOCUMENT_PROCESSING' });
        return jsonResponse(200, {
          document_id: DOCUMENT_ID,
          filename: 'Teaser.pdf',
          file_size: 12_595,
          document_type: 'pitch_deck',
          confidence_score: 0.9,
          content_summary: 'A Series B teaser.',
          key_metrics: {},
          risk_flags: ['Runway under 12 months'],
          risk_flag_details: [],
          action_items: [],
          facility_terms: null,
          suggested_folder: 'Pitch',
          notices: [],
          page_count: 3,
          engine: { provider: 'built-in', model: 'analyst' },
          processed_at: '2025-03-04T10:00:00.000Z',
          created_by: null,
        });
      },
    });
    const { user } = await openLibrary(server);
    await user.click(screen.getByRole('button', { name: 'Analyse Teaser.pdf' }));
    const panel = await screen.findByRole('region', { name: 'Analysis of Teaser.pdf' });
    expect(await within(panel).findByText('The analysis continues in the background.')).toBeInTheDocument();
    expect(await within(panel).findByText('A Series B teaser.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(panel).getByText('Runway under 12 months')).toBeInTheDocument();
    expect(polls).toBe(2);
  });

  it("says 'Failed to analyse file: …' when the analysis cannot start", async () => {
    const server = browseServer({
      'POST /sharepoint/analyse-document': () =>
        jsonResponse(413, { detail: 'The file is larger than 10 MB', code: 'FILE_TOO_LARGE' }),
    });
    const { user } = await openLibrary(server);
    await user.click(screen.getByRole('button', { name: 'Analyse Teaser.pdf' }));
    expect(
      await screen.findByText('Failed to analyse file: The file is larger than 10 MB'),
    ).toBeInTheDocument();
  });

  describe('downloads', () => {
    let saved: { name: string; blob: Blob } | null;
    beforeEach(() => {
      saved = null;
      let blob: Blob | null = null;
      URL.createObjectURL = (created: Blob) => {
        blob = created;
        return 'blob:file';
      };
      URL.revokeObjectURL = () => undefined;
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        if (blob) saved = { name: this.download, blob };
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('downloads a file with the bearer under the name the server gives', async () => {
      const server = browseServer({
        'GET /sharepoint/drives/drive-1/items/file-Teaser.pdf/download': () =>
          new Response('%PDF-1.7', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="Acme teaser.pdf"' },
          }),
      });
      const { user } = await openLibrary(server);
      await user.click(screen.getByRole('button', { name: 'Download Teaser.pdf' }));
      await waitFor(() => expect(saved?.name).toBe('Acme teaser.pdf'));
      expect(await saved?.blob.text()).toBe('%PDF-1.7');
      const [call] = server.callsTo('GET', '/sharepoint/drives/drive-1/items/file-Teaser.pdf/download');
      expect(call?.headers.Authorization).toBe('Bearer access-token-1');
      expect(new URL(call?.url ?? '').searchParams.get('session_id')).toBe(MS_SESSION);
    });

    it("says 'Failed to download file: …' when it cannot", async () => {
      const server = browseServer({
        'GET /sharepoint/drives/drive-1/items/file-Teaser.pdf/download': () =>
          jsonResponse(404, { detail: 'The file is gone', code: 'NOT_FOUND' }),
      });
      const { user } = await openLibrary(server);
      await user.click(screen.getByRole('button', { name: 'Download Teaser.pdf' }));
      expect(await screen.findByText('Failed to download file: The file is gone')).toBeInTheDocument();
    });
  });
});

describe('Browse Files: failures and personal accounts (spec 03 §8)', () => {
  it.each([
    ['GET /sharepoint/sites', 'Failed to load folders: Graph is down', []],
    [
      'GET /sharepoint/sites/site-1/drives',
      'Failed to load document libraries: Graph is down',
      ['Open Deal Team'],
    ],
    [
      'GET /sharepoint/drives/drive-1/items',
      'Failed to load files: Graph is down',
      ['Open Deal Team', 'Open Documents'],
    ],
  ])('%s failing reads %j', async (route, message, clicks) => {
    storeSession();
    renderApp(
      '/integrations?view=sharepoint',
      browseServer({ [route]: () => jsonResponse(502, { detail: 'Graph is down', code: 'UPSTREAM' }) }),
    );
    const user = userEvent.setup();
    for (const name of clicks) await user.click(await screen.findByRole('button', { name }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows a personal account's OneDrive with the server's notice", async () => {
    storeSession();
    const message = 'Using OneDrive (personal account). SharePoint requires a work/school account.';
    const server = browseServer({
      'GET /sharepoint/sites': () => jsonResponse(200, { sites: [], personal_account: true, message }),
      'GET /sharepoint/drives/me/items': () =>
        jsonResponse(200, { folder_path: '/', folders: [], files: [makeFile('Notes.docx')] }),
    });
    renderApp('/integrations?view=sharepoint', server);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Analyse Notes.docx' })).toBeInTheDocument();
    expect(crumbs()).toEqual(['OneDrive']);
  });

  it('asks to authenticate first when Microsoft 365 is not connected', async () => {
    storeSession();
    renderApp('/integrations?view=sharepoint', integrationsServer());
    expect(await screen.findByText('Please authenticate with Microsoft 365 first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Microsoft 365' })).toBeInTheDocument();
  });
});

describe('OneDrive detail (spec 03 §2)', () => {
  it('offers the sign-in card until connected', async () => {
    storeSession();
    renderApp('/integrations?view=onedrive', integrationsServer());
    expect(await screen.findByRole('button', { name: 'Sign in with Microsoft 365' })).toBeInTheDocument();
  });

  it("browses the user's drive 'me' once connected", async () => {
    storeSession();
    const server = integrationsServer(
      { oauth: makeOAuthStatus({ microsoft: MICROSOFT_CONNECTED }) },
      {
        'GET /sharepoint/drives/me/items': (call) =>
          jsonResponse(200, folderOf(call) === '/' ? FOLDERS['/'] : FOLDERS['/Deals/Acme']),
      },
    );
    renderApp('/integrations?view=onedrive', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open Deals' }));
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(crumbs()).toEqual(['OneDrive', 'Deals']);
    expect(server.callsTo('GET', '/sharepoint/sites')).toHaveLength(0);
  });

  it.each([
    [404, 'No OneDrive folders accessible. Please check your Microsoft account connection.'],
    [502, 'Failed to connect to OneDrive: Graph is down'],
  ])('a failing OneDrive (%d) reads %j', async (status, message) => {
    storeSession();
    renderApp(
      '/integrations?view=onedrive',
      integrationsServer(
        { oauth: makeOAuthStatus({ microsoft: MICROSOFT_CONNECTED }) },
        {
          'GET /sharepoint/drives/me/items': () =>
            jsonResponse(status, { detail: 'Graph is down', code: 'UPSTREAM' }),
        },
      ),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
