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
    columns: { Company: 'company_name', Amount: 'amount_requested' },
    ignored_columns: ['Owner'],
    rows: [
      { row: 2, data: { company_name: 'Lumen Robotics', amount_requested: 5_000_000 }, errors: [] },
      {
        row: 3,
        data: { company_name: 'Quill', amount_requested: 'lots' },
        errors: [{ field: 'amount_requested', message: 'must be a number' }],
      },
    ],
    ...overrides,
  };
}

const allValid = (overrides: Partial<TImportResult> = {}) =>
  result({
    valid_rows: 2,
    invalid_rows: 0,
    rows: [
      { row: 2, data: { company_name: 'Lumen Robotics', amount_requested: 5_000_000 }, errors: [] },
      { row: 3, data: { company_name: 'Quill', amount_requested: 2_000_000 }, errors: [] },
    ],
    ...overrides,
  });

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
    expect(await screen.findByText('Imported 2 deals')).toBeInTheDocument();
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
});
