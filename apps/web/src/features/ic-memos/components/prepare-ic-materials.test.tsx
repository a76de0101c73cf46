import type { TDeal } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import { makeDeal, renderDealsPage } from '../../deals/testing/deal-fixtures.ts';
import { makeIntelligence } from '../../documents/testing/document-fixtures.ts';
import { makeIcMemo, versionsOf } from '../testing/ic-memo-fixtures.ts';

type Routes = Parameters<typeof renderDealsPage>[1];

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    alerts.push(String(message));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openPanel(routes: (deal: TDeal) => Routes) {
  const deal = makeDeal({ company: 'Lumen Robotics' });
  const rendered = renderDealsPage([deal], {
    [`GET /deals/${deal.id}/intelligence`]: () => jsonResponse(200, makeIntelligence(deal.id)),
    ...routes(deal),
  });
  const user = userEvent.setup();
  // The pipeline page is a lazy chunk too.
  await user.click(await screen.findByRole('button', { name: /^Open deal #/ }, { timeout: 30_000 }));
  const panel = await screen.findByRole('dialog', { name: 'Lumen Robotics' }, { timeout: 30_000 });
  return { ...rendered, user, panel, deal };
}

/** A route that answers only when the test says so, to look at the overlay meanwhile. */
function held(answer: () => Response) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { route: async () => gate.then(answer), release: () => release() };
}

describe('Prepare IC Materials', () => {
  it('shows the overlay, then the memo with its notes, versions, PDF export and email', async () => {
    const deal = { id: '' };
    const memos = () => [makeIcMemo(deal.id, { version: 1 }), makeIcMemo(deal.id, { version: 2 })];
    const generation = held(() => jsonResponse(200, memos()[1]));
    const { user, panel, server } = await openPanel((created) => {
      deal.id = created.id;
      const [v1, v2] = memos();
      return {
        'POST /ic-preparation/generate': generation.route,
        [`GET /deals/${created.id}/ic-memos`]: () => jsonResponse(200, versionsOf(v1!, v2!)),
        [`GET /ic-memos/${v1!.id}`]: () => jsonResponse(200, v1),
        [`GET /ic-memos/${v2!.id}`]: () => jsonResponse(200, v2),
        [`POST /ic-memos/${v2!.id}/export-pdf`]: () =>
          new Response('%PDF-1.3', {
            status: 200,
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': `attachment; filename=ic_memo_${v2!.id}.pdf`,
            },
          }),
        [`POST /ic-preparation/${v2!.id}/email`]: () =>
          jsonResponse(202, { message: 'IC materials sent successfully!' }),
      };
    });
    const [v1, v2] = memos();

    await user.click(within(panel).getByRole('button', { name: 'Prepare IC Materials' }));
    const overlay = await screen.findByTestId('ic-generation-overlay');
    expect(within(overlay).getByRole('status')).toHaveTextContent('Analysing deal data');
    expect(within(panel).getByRole('button', { name: 'Prepare IC Materials' })).toBeDisabled();
    expect(server.callsTo('POST', '/ic-preparation/generate')[0]?.body).toEqual({
      deal_id: deal.id,
      company_name: 'Lumen Robotics',
    });
    generation.release();

    // The dialog is a lazy chunk: its first load in a test run may take a while on a busy machine.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'IC materials: Lumen Robotics' },
      { timeout: 30_000 },
    );
    expect(screen.queryByTestId('ic-generation-overlay')).not.toBeInTheDocument();
    const memo = await within(dialog).findByRole('article', { name: 'IC memo version 2' });
    expect(within(memo).getByRole('heading', { name: 'Executive Summary' })).toBeInTheDocument();
    expect(within(memo).getByText(/^Version 2\./)).toBeInTheDocument();
    expect(within(memo).getByRole('cell', { name: /€12\.4M/ })).toBeInTheDocument();
    // Sections without text are left out; HTML in the memo is never rendered.
    expect(within(memo).queryByRole('heading', { name: 'Team Assessment' })).not.toBeInTheDocument();
    expect(memo.querySelector('script')).toBeNull();
    expect(within(dialog).getByText('Deal terms are a proposal (no term sheet)')).toBeInTheDocument();
    expect(within(dialog).getByText('No market sizing was uploaded.')).toBeInTheDocument();

    // A note number leads to its note, and the note to its source.
    await user.click(within(memo).getAllByRole('button', { name: 'Note 1' })[0]!);
    const note = dialog.querySelector(`#ic-note-${v2!.id}-1`) as HTMLElement;
    expect(note).toHaveFocus();
    expect(note).toHaveTextContent('Lumen board pack.pdf, page 4');
    expect(
      within(note).getByRole('button', { name: 'Open document: Lumen board pack.pdf, page 4' }),
    ).toBeInTheDocument();
    const dealNote = dialog.querySelector(`#ic-note-${v2!.id}-2`) as HTMLElement;
    expect(
      within(dealNote).getByRole('link', { name: 'Open deal: Lumen Robotics, deal #3' }),
    ).toHaveAttribute('href', `/deals/${deal.id}/intelligence`);

    // Earlier versions stay readable.
    const picker = within(dialog).getByRole('combobox', { name: 'Version' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringMatching(/^v2 · .*\(latest\)$/), expect.stringMatching(/^v1 · /)]);
    await user.selectOptions(picker, v1!.id);
    expect(await within(dialog).findByRole('article', { name: 'IC memo version 1' })).toHaveTextContent(
      'Version 1.',
    );
    await user.selectOptions(picker, v2!.id);
    await within(dialog).findByRole('article', { name: 'IC memo version 2' });

    // Export PDF downloads the file under the server's name.
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    await user.click(within(dialog).getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(downloads).toEqual([`ic_memo_${v2!.id}.pdf`]));
    expect(server.callsTo('POST', `/ic-memos/${v2!.id}/export-pdf`)[0]?.body).toEqual({
      transformation_mode: 'full',
      include_financials: true,
      include_risks: true,
      include_recommendations: true,
    });

    // Email: recipients required, then sent with the spec's answer.
    await user.click(within(dialog).getByRole('button', { name: 'Email' }));
    const email = await screen.findByRole('dialog', { name: 'Email IC materials' });
    await user.click(within(email).getByRole('button', { name: 'Send' }));
    expect(within(email).getByText('Enter at least one recipient.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/ic-preparation/${v2!.id}/email`)).toHaveLength(0);
    await user.type(within(email).getByRole('textbox', { name: 'Recipients' }), ' a@fund.com, ,b@fund.com ');
    await user.type(within(email).getByRole('textbox', { name: 'CC (optional)' }), 'c@fund.com');
    expect(within(email).getByRole('textbox', { name: 'Subject (optional)' })).toHaveAttribute(
      'placeholder',
      'IC memo: Lumen Robotics (v2)',
    );
    await user.click(within(email).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(alerts).toEqual(['IC materials sent successfully!']));
    expect(server.callsTo('POST', `/ic-preparation/${v2!.id}/email`)[0]?.body).toEqual({
      deal_id: deal.id,
      company_name: 'Lumen Robotics',
      recipients: ['a@fund.com', 'b@fund.com'],
      cc_recipients: ['c@fund.com'],
      subject_override: '',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Email IC materials' })).not.toBeInTheDocument(),
    );
  }, 90_000);

  it('alerts the spec’s texts when generation, export or email fail', async () => {
    const { user, panel } = await openPanel(() => ({
      'POST /ic-preparation/generate': () => jsonResponse(500, { detail: 'Internal server error' }),
    }));
    await user.click(within(panel).getByRole('button', { name: 'Prepare IC Materials' }));
    await waitFor(() =>
      expect(alerts).toEqual(['Failed to generate IC materials: 500 Internal Server Error']),
    );
    expect(screen.queryByRole('dialog', { name: /IC materials/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('ic-generation-overlay')).not.toBeInTheDocument();
  }, 90_000);

  it('names a bad address in the email dialog, and alerts a refused or failed send', async () => {
    const deal = { id: '' };
    let emailAnswer: () => Response | Promise<Response> = () => jsonResponse(422, { detail: 'bad' });
    const { user, panel } = await openPanel((created) => {
      deal.id = created.id;
      const memo = makeIcMemo(created.id);
      return {
        'POST /ic-preparation/generate': () => jsonResponse(200, memo),
        [`GET /deals/${created.id}/ic-memos`]: () => jsonResponse(200, versionsOf(memo)),
        [`GET /ic-memos/${memo.id}`]: () => jsonResponse(200, memo),
        [`POST /ic-preparation/${memo.id}/email`]: () => emailAnswer(),
      };
    });
    await user.click(within(panel).getByRole('button', { name: 'Prepare IC Materials' }));
    // The dialog is a lazy chunk: its first load in a test run may take a while on a busy machine.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'IC materials: Lumen Robotics' },
      { timeout: 30_000 },
    );
    await within(dialog).findByRole('article');
    await user.click(within(dialog).getByRole('button', { name: 'Email' }));
    const email = await screen.findByRole('dialog', { name: 'Email IC materials' });
    const recipients = within(email).getByRole('textbox', { name: 'Recipients' });
    await user.type(recipients, 'a@fund.com, partner at fund');
    await user.click(within(email).getByRole('button', { name: 'Send' }));
    expect(within(email).getByText('partner at fund is not an email address.')).toBeInTheDocument();
    expect(recipients).toHaveAttribute('aria-invalid', 'true');
    expect(alerts).toEqual([]);

    await user.clear(recipients);
    await user.type(recipients, 'a@fund.com');
    await user.click(within(email).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(alerts).toEqual(['Failed to email IC materials: 422 Unprocessable Entity']));
    // The dialog stays open to correct and send again.
    expect(screen.getByRole('dialog', { name: 'Email IC materials' })).toBeInTheDocument();

    emailAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(within(email).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(alerts.at(-1)).toMatch(/^Failed to send email: /));
  }, 90_000);

  it('shows the agent’s package when the fast generator is not configured; its email is coming soon', async () => {
    const { user, panel } = await openPanel(() => ({
      'POST /ic-preparation/generate': () => jsonResponse(503, { detail: 'LLM not_configured' }),
      'POST /smolagent-ic-preparation/generate': () =>
        jsonResponse(200, {
          executive_summary: 'Lumen fits the thesis.',
          investment_recommendation: 'Proceed',
          deal_terms: { facility_amount: 5_000_000 },
          financial_analysis: { revenue_forecast: 'Up 40% next year', debt_capacity: 6_000_000 },
          risk_assessment: { overall_risk_rating: 'Medium' },
        }),
    }));
    await user.click(within(panel).getByRole('button', { name: 'Prepare IC Materials' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'IC package: Lumen Robotics' },
      { timeout: 30_000 },
    );
    expect(within(dialog).getByText('Lumen fits the thesis.')).toBeInTheDocument();
    expect(within(dialog).getByText('€5,000,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Medium')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Email' }));
    expect(alerts).toEqual(['Email for agent-generated IC packages is coming soon.']);
  }, 90_000);
});
