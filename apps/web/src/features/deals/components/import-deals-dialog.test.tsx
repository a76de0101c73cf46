import type { TImportResult } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../../test/fakes.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderDealsPage } from '../testing/deal-fixtures.ts';

const csv = () =>
  new File(['Company,Amount,Owner\nLumen Robotics,5000000,Ada\nQuill,lots,Grace\n'], 'pipeline.csv', {
    type: 'text/csv',
  });

function result(overrides: Partial<TImportResult> = {}): TImportResult {
  return {
    dry_run: true,
    total_rows: 2,
    valid_rows: 1,
    invalid_rows: 1,
    imported: 0,
    on_existing: 'update',
    new_rows: 1,
    updated_rows: 0,
    unchanged_rows: 0,
    skipped_rows: 0,
    columns: { Company: 'company_name', Amount: 'amount_requested' },
    ignored_columns: ['Owner'],
    rows: [
      {
        row: 2,
        data: { company_name: 'Lumen Robotics', amount_requested: 5_000_000 },
        errors: [],
        action: 'new',
        existing_id: null,
      },
      {
        row: 3,
        data: { company_name: 'Quill', amount_requested: 'lots' },
        errors: [{ field: 'amount_requested', message: 'must be a number' }],
        action: null,
        existing_id: null,
      },
    ],
    ...overrides,
  };
}

const allValid = (overrides: Partial<TImportResult> = {}) =>
  result({
    valid_rows: 2,
    invalid_rows: 0,
    new_rows: 2,
    rows: [
      {
        row: 2,
        data: { company_name: 'Lumen Robotics', amount_requested: 5_000_000 },
        errors: [],
        action: 'new',
        existing_id: null,
      },
      {
        row: 3,
        data: { company_name: 'Quill', amount_requested: 2_000_000 },
        errors: [],
        action: 'new',
        existing_id: null,
      },
    ],
    ...overrides,
  });

/** Lumen Robotics is already a deal: the server's answer for either choice. */
function matching(onExisting: string, dryRun: boolean): TImportResult {
  const base = allValid();
  const update = onExisting === 'update';
  return {
    ...base,
    dry_run: dryRun,
    on_existing: update ? 'update' : 'skip',
    new_rows: 1,
    updated_rows: update ? 1 : 0,
    skipped_rows: update ? 0 : 1,
    imported: dryRun ? 0 : update ? 2 : 1,
    rows: [{ ...base.rows[0]!, action: update ? 'update' : 'skip', existing_id: 'deal-1' }, base.rows[1]!],
  };
}
const onExistingOf = (call: RecordedCall) => new URL(call.url).searchParams.get('on_existing');

const isDryRun = (call: RecordedCall) => new URL(call.url).searchParams.get('dry_run') === 'true';

async function chooseFile() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import deals' });
  await user.upload(within(dialog).getByLabelText('CSV file'), csv());
  return { user, dialog };
}

describe('Import deals', () => {
  it('previews a dry run and disables the import while a row has errors', async () => {
    const { server } = renderDealsPage([], {
      'POST /deals/import': (call) => jsonResponse(200, isDryRun(call) ? result() : allValid()),
    });
    const { dialog } = await chooseFile();

    const badRow = (await within(dialog).findByText('3')).closest('tr');
    expect(badRow).toHaveAttribute('data-invalid', 'true');
    expect(within(badRow as HTMLElement).getByText(/must be a number/)).toBeInTheDocument();
    expect(within(badRow as HTMLElement).getByText('lots')).toHaveClass('text-red-700');
    expect(within(dialog).getByText('Lumen Robotics').closest('tr')).not.toHaveAttribute('data-invalid');
    expect(within(dialog).getByText(/1 of 2 rows has errors/)).toBeInTheDocument();
    expect(within(dialog).getByText('Owner')).toBeInTheDocument();
    expect(
      within(dialog)
        .getByText(/Recognised columns/)
        .closest('p'),
    ).toHaveTextContent('Company → Company name');

    expect(within(dialog).getByRole('button', { name: 'Import 1 deal' })).toBeDisabled();
    const [call] = server.callsTo('POST', '/deals/import');
    if (!call) throw new Error('No import call');
    expect(isDryRun(call)).toBe(true);
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('imports when every row is valid, then reloads the list', async () => {
    const { server } = renderDealsPage([], {
      'POST /deals/import': (call) =>
        jsonResponse(200, isDryRun(call) ? allValid() : allValid({ dry_run: false, imported: 2 })),
    });
    const { user, dialog } = await chooseFile();
    const importButton = await within(dialog).findByRole('button', { name: 'Import 2 deals' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);

    await waitFor(() => expect(server.callsTo('POST', '/deals/import')).toHaveLength(2));
    expect(isDryRun(server.callsTo('POST', '/deals/import')[1] as RecordedCall)).toBe(false);
    expect(
      await screen.findByText('Import done: 2 new deals, 0 updated, 0 unchanged, 0 skipped'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import deals' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(server.callsTo('GET', '/deals')).toHaveLength(2));
  });

  it("shows the server's per-row errors when it refuses the import", async () => {
    renderDealsPage([], {
      'POST /deals/import': (call) =>
        isDryRun(call)
          ? jsonResponse(200, allValid())
          : jsonResponse(422, result({ dry_run: false, rows: result().rows })),
    });
    const { user, dialog } = await chooseFile();
    const importButton = await within(dialog).findByRole('button', { name: 'Import 2 deals' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);

    expect(
      await within(dialog).findByText(/Nothing was imported: 1 of 2 rows has errors/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/must be a number/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Import \d+ deal/ })).toBeDisabled();
  });

  it('shows what happens to rows matching existing deals, and re-reads the file when the choice changes', async () => {
    const { server } = renderDealsPage([], {
      'POST /deals/import': (call) => jsonResponse(200, matching(onExistingOf(call)!, isDryRun(call))),
    });
    const { user, dialog } = await chooseFile();
    const update = within(dialog).getByRole('radio', { name: 'Update existing' });
    expect(update).toBeChecked();

    const byAction = await within(dialog).findByLabelText('Rows by action');
    expect(byAction).toHaveTextContent('New1');
    expect(byAction).toHaveTextContent('To update1');
    expect(
      within(within(dialog).getByText('Lumen Robotics').closest('tr')!).getByText('Update'),
    ).toBeInTheDocument();
    expect(within(within(dialog).getByText('Quill').closest('tr')!).getByText('New')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 deals' })).toBeEnabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Skip existing' }));
    await waitFor(() => expect(server.callsTo('POST', '/deals/import')).toHaveLength(2));
    expect(onExistingOf(server.callsTo('POST', '/deals/import')[1]!)).toBe('skip');
    expect(await within(dialog).findByText('Skip')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Rows by action')).toHaveTextContent('To skip1');
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 deal' }));

    await waitFor(() => expect(server.callsTo('POST', '/deals/import')).toHaveLength(3));
    const real = server.callsTo('POST', '/deals/import')[2]!;
    expect([isDryRun(real), onExistingOf(real)]).toEqual([false, 'skip']);
    expect(
      await screen.findByText('Import done: 1 new deal, 0 updated, 0 unchanged, 1 skipped'),
    ).toBeInTheDocument();
  });

  it('offers nothing to import when every row is unchanged', async () => {
    const unchanged = allValid({
      new_rows: 0,
      unchanged_rows: 2,
      rows: allValid().rows.map((row, index) => ({
        ...row,
        action: 'unchanged',
        existing_id: `deal-${index}`,
      })),
    });
    renderDealsPage([], { 'POST /deals/import': () => jsonResponse(200, unchanged) });
    const { dialog } = await chooseFile();
    expect(await within(dialog).findByText(/Nothing to import/)).toBeInTheDocument();
    expect(within(dialog).getAllByText('Unchanged').length).toBeGreaterThan(2);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('counts rows naming companies with deals, offers updating the latest open deal, and shows renames', async () => {
    const choiceOf = (call: RecordedCall) => new URL(call.url).searchParams.get('existing_company_rows');
    const answer = (call: RecordedCall): TImportResult => {
      const latest = choiceOf(call) === 'update_latest_open';
      const base = allValid();
      return {
        ...base,
        dry_run: isDryRun(call),
        existing_company_rows: latest ? 'update_latest_open' : 'new_deal',
        rows_naming_existing_companies: 1,
        company_renames: 1,
        company_moves: 0,
        new_rows: latest ? 0 : 1,
        updated_rows: latest ? 2 : 1,
        rows: [
          {
            ...base.rows[0]!,
            action: 'update',
            existing_id: 'deal-1',
            company_change: { kind: 'rename', from: 'Lumen Robotic', to: 'Lumen Robotics' },
          },
          {
            ...base.rows[1]!,
            action: latest ? 'update' : 'new',
            existing_id: latest ? 'deal-2' : null,
            note: latest
              ? 'updates deal 2, the latest open deal of Quill'
              : 'Quill already has 1 deal: a new deal',
          },
        ],
      };
    };
    const { server } = renderDealsPage([], {
      'POST /deals/import': (call) => jsonResponse(200, answer(call)),
    });
    const { user, dialog } = await chooseFile();

    expect(
      await within(dialog).findByText(/1 row names a company that already has deals/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/1 row renames the company of its deal/)).toBeInTheDocument();
    expect(within(dialog).getByText('Renames company: Lumen Robotic → Lumen Robotics')).toBeInTheDocument();
    expect(within(dialog).getByText('Quill already has 1 deal: a new deal')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Add as new deals/ })).toBeChecked();
    expect(choiceOf(server.callsTo('POST', '/deals/import')[0] as RecordedCall)).toBe('new_deal');

    await user.click(within(dialog).getByRole('radio', { name: /Update the latest open deal/ }));
    expect(
      await within(dialog).findByText('updates deal 2, the latest open deal of Quill'),
    ).toBeInTheDocument();
    const importButton = within(dialog).getByRole('button', { name: 'Import 2 deals' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);
    await waitFor(() => expect(server.callsTo('POST', '/deals/import')).toHaveLength(3));
    const calls = server.callsTo('POST', '/deals/import') as RecordedCall[];
    expect(calls.slice(1).map((call) => [isDryRun(call), choiceOf(call)])).toEqual([
      [true, 'update_latest_open'],
      [false, 'update_latest_open'],
    ]);
  });
});
