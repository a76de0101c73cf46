import type { TImportResult } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { listOf, makeCompany, STATS } from '../test/company-fixtures.ts';

function serverWith(routes: Record<string, ApiRoute>) {
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /companies': () => jsonResponse(200, listOf([makeCompany({ name: 'Existing' })])),
    'GET /company-scoring/stats': () => jsonResponse(200, STATS),
    ...routes,
  });
}

function importResult(overrides: Partial<TImportResult>): TImportResult {
  return {
    dry_run: true,
    total_rows: 2,
    valid_rows: 2,
    invalid_rows: 0,
    imported: 0,
    on_existing: 'update',
    new_rows: 2,
    updated_rows: 0,
    unchanged_rows: 0,
    skipped_rows: 0,
    columns: { Name: 'name', Country: 'headquarters_country' },
    ignored_columns: ['Notes'],
    rows: [
      { row: 2, data: { name: 'Acme' }, errors: [], action: 'new', existing_id: null },
      { row: 3, data: { name: 'Nova' }, errors: [], action: 'new', existing_id: null },
    ],
    ...overrides,
  };
}

const csvFile = () => new File(['Name,Country\nAcme,DE\nNova,NL\n'], 'companies.csv', { type: 'text/csv' });
const isDryRun = (url: string) => new URL(url).searchParams.get('dry_run') === 'true';

describe('Companies CSV import', () => {
  it('previews the file, refuses to import invalid rows and lists their errors', async () => {
    storeSession();
    const server = serverWith({
      'POST /companies/import': () =>
        jsonResponse(
          200,
          importResult({
            valid_rows: 1,
            invalid_rows: 1,
            new_rows: 1,
            rows: [
              { row: 2, data: { name: 'Acme' }, errors: [], action: 'new', existing_id: null },
              {
                row: 3,
                data: { name: '' },
                errors: [{ field: 'name', message: 'Name is required' }],
                action: null,
                existing_id: null,
              },
            ],
          }),
        ),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import companies' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());

    const preview = await within(dialog).findByRole('region', { name: 'Import preview' });
    expect(within(preview).getByLabelText('Rows by action')).toHaveTextContent('With errors1');
    expect(within(preview).getByText(/Name is required/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Import/ })).toBeDisabled();
    const [call] = server.callsTo('POST', '/companies/import');
    if (!call) throw new Error('No preview request');
    expect(isDryRun(call.url)).toBe(true);
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('imports a valid file after the preview and reloads the list', async () => {
    storeSession();
    const server = serverWith({
      'POST /companies/import': (call) =>
        jsonResponse(
          200,
          isDryRun(call.url) ? importResult({}) : importResult({ dry_run: false, imported: 2 }),
        ),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import companies' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    const submit = await within(dialog).findByRole('button', { name: 'Import 2 companies' });
    expect(submit).toBeEnabled();
    const listCalls = server.callsTo('GET', '/companies').length;
    await user.click(submit);

    expect(
      await screen.findByText('Import done: 2 new companies, 0 updated, 0 unchanged, 0 skipped'),
    ).toBeInTheDocument();
    const calls = server.callsTo('POST', '/companies/import');
    expect(calls.map((call) => isDryRun(call.url))).toEqual([true, false]);
    await waitFor(() => expect(server.callsTo('GET', '/companies').length).toBeGreaterThan(listCalls));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Companies CSV import of companies you already have', () => {
  it('shows each row’s action and counts, and sends the chosen option', async () => {
    storeSession();
    const answer = (onExisting: string, dryRun: boolean) =>
      importResult({
        dry_run: dryRun,
        on_existing: onExisting === 'skip' ? 'skip' : 'update',
        new_rows: 1,
        updated_rows: onExisting === 'skip' ? 0 : 1,
        skipped_rows: onExisting === 'skip' ? 1 : 0,
        imported: dryRun ? 0 : onExisting === 'skip' ? 1 : 2,
        rows: [
          {
            row: 2,
            data: { name: 'Acme' },
            errors: [],
            action: onExisting === 'skip' ? 'skip' : 'update',
            existing_id: 'company-1',
          },
          { row: 3, data: { name: 'Nova' }, errors: [], action: 'new', existing_id: null },
        ],
      });
    const onExistingOf = (url: string) => new URL(url).searchParams.get('on_existing')!;
    const server = serverWith({
      'POST /companies/import': (call) =>
        jsonResponse(200, answer(onExistingOf(call.url), isDryRun(call.url))),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import companies' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    const preview = await within(dialog).findByRole('region', { name: 'Import preview' });
    expect(
      within(preview).getByText('2 rows: 1 new company, 1 to update, 0 unchanged, 0 to skip'),
    ).toBeInTheDocument();
    expect(within(within(preview).getByText('Acme').closest('tr')!).getByText('Update')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Skip existing' }));
    expect(await within(dialog).findByText('Skip')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 company' }));
    expect(
      await screen.findByText('Import done: 1 new company, 0 updated, 0 unchanged, 1 skipped'),
    ).toBeInTheDocument();
    expect(
      server.callsTo('POST', '/companies/import').map((call) => [isDryRun(call.url), onExistingOf(call.url)]),
    ).toEqual([
      [true, 'update'],
      [true, 'skip'],
      [false, 'skip'],
    ]);
  });
});

describe('Companies CSV export', () => {
  const created: Blob[] = [];
  let clicked: HTMLAnchorElement | null = null;

  beforeEach(() => {
    created.length = 0;
    clicked = null;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:companies';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked = this;
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the CSV with the bearer token under the server-given file name', async () => {
    storeSession();
    const server = serverWith({
      'GET /companies/export': () =>
        new Response('name,industry\nAcme,SaaS\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="atempo-companies-2025-03-01.csv"',
          },
        }),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export' }));

    await waitFor(() => expect(clicked).not.toBeNull());
    expect(clicked?.download).toBe('atempo-companies-2025-03-01.csv');
    expect(await created[0]?.text()).toBe('name,industry\nAcme,SaaS\n');
    expect(server.callsTo('GET', '/companies/export')[0]?.headers.Authorization).toBe(
      'Bearer access-token-1',
    );
  });

  it('reports a failed export', async () => {
    storeSession();
    renderApp(
      '/companies',
      serverWith({
        'GET /companies/export': () =>
          jsonResponse(500, { detail: 'Export is unavailable', code: 'INTERNAL' }),
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Failed to export companies: Export is unavailable')).toBeInTheDocument();
    expect(clicked).toBeNull();
  });
});
