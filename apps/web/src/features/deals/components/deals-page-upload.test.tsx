import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import {
  makeAnalysis,
  makeUploadResponse,
  makeWorkflowStatus,
} from '../../documents/testing/document-fixtures.ts';
import { makeDeal, renderDealsPage } from '../testing/deal-fixtures.ts';

describe('Smart Document Upload on the Deals page', () => {
  it('keeps files pending until a deal is chosen, then analyses them for that deal and its company', async () => {
    const lumen = makeDeal({ company: 'Lumen Robotics' });
    const orbit = makeDeal({ company: 'Orbit Energy' });
    const upload = makeUploadResponse({ filename: 'deck.pdf' });
    const { server } = renderDealsPage([lumen, orbit], {
      'POST /workflows/document-processing': () => jsonResponse(202, upload),
      [`GET /agents/workflows/${upload.execution_id}/status`]: () =>
        jsonResponse(
          200,
          makeWorkflowStatus({ execution_id: upload.execution_id, status: 'completed', progress: 100 }),
        ),
      [`GET /document-processing/result/${upload.document_id}`]: () =>
        jsonResponse(200, makeAnalysis({ document_id: upload.document_id, filename: 'deck.pdf' })),
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Upload documents' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: 'Smart Document Upload' });
    const picker = within(panel).getByLabelText('Deal');
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Choose a deal',
        `Lumen Robotics — deal #${lumen.deal_number}`,
        `Orbit Energy — deal #${orbit.deal_number}`,
      ]),
    );
    expect(new URL(server.callsTo('GET', '/deals/board').at(-1)?.url ?? '').searchParams.get('sort')).toBe(
      'company',
    );

    await user.upload(within(panel).getByLabelText('Documents to analyse'), [
      new File(['%PDF'], 'deck.pdf', { type: 'application/pdf' }),
    ]);
    const row = within(panel).getByRole('listitem', { name: 'deck.pdf' });
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Choose the deal these files belong to');
    expect(server.callsTo('POST', '/workflows/document-processing')).toHaveLength(0);

    await user.selectOptions(picker, orbit.id);
    await waitFor(() => expect(within(row).getByText('Completed')).toBeInTheDocument());
    const form = server.callsTo('POST', '/workflows/document-processing')[0]?.body as FormData;
    expect(form.get('deal_id')).toBe(orbit.id);
    expect(form.get('company_name')).toBe('Orbit Energy');
    expect(within(row).getByText(/for Orbit Energy/)).toBeInTheDocument();

    // Closing the panel gives the focus back to its toggle.
    await user.click(screen.getByRole('button', { name: 'Close Smart Document Upload' }));
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
