import type { TDeal } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import { makeDeal, renderDealsPage } from '../../deals/testing/deal-fixtures.ts';
import { makeIntelligence } from '../../documents/testing/document-fixtures.ts';
import {
  agentPackageOf,
  fastGeneratorAnswer,
  makeIcMemo,
  notConfiguredAnswer,
  versionsOf,
} from '../testing/ic-memo-fixtures.ts';

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
  // Prepare IC Materials is on the AI Intelligence card (spec 01), once in the panel.
  const card = await within(panel).findByRole('region', { name: 'AI Intelligence' });
  const prepare = await within(card).findByRole('button', { name: 'Prepare IC Materials' });
  expect(within(panel).getAllByRole('button', { name: 'Prepare IC Materials' })).toEqual([prepare]);
  return { ...rendered, user, panel, prepare, deal };
}

const fastPath = (dealId: string) => `POST /ic-memos/generate-groq/${dealId}`;
const EXECUTION = '3e000000-0000-4000-8000-000000000001';

/** The email route and the email job's status as the server answers them: queued, then sent. */
function emailRoutes(memoId: string, delivery: 'sent' | 'logged' = 'sent'): Routes {
  return {
    [`POST /ic-preparation/${memoId}/email`]: () =>
      jsonResponse(202, {
        message: 'The IC materials email is queued for sending.',
        status: 'queued',
        execution_id: EXECUTION,
        ic_memo_id: memoId,
        version: 2,
        subject: 'IC memo: Lumen Robotics (v2)',
        recipients: ['a@fund.com', 'b@fund.com'],
        cc_recipients: ['c@fund.com'],
      }),
    [`GET /agents/workflows/${EXECUTION}/status`]: () =>
      jsonResponse(200, {
        execution_id: EXECUTION,
        workflow_type: 'ic_memo_email',
        status: 'completed',
        stage: 'send_email',
        progress: 100,
        subject_id: null,
        error: null,
        steps: [
          { name: 'send_email', status: 'completed', error: null, started_at: null, finished_at: null },
        ],
        result: {
          ic_memo_id: memoId,
          delivery,
          recipients: ['a@fund.com', 'b@fund.com'],
          cc_recipients: ['c@fund.com'],
          subject: 'IC memo: Lumen Robotics (v2)',
        },
        created_at: '2026-11-24T08:30:00.000Z',
        updated_at: '2026-11-24T08:30:01.000Z',
      }),
  };
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
    const generation = held(() => jsonResponse(200, fastGeneratorAnswer(memos()[1]!)));
    const { user, prepare, server } = await openPanel((created) => {
      deal.id = created.id;
      const [v1, v2] = memos();
      return {
        [fastPath(created.id)]: generation.route,
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
        [`GET /agents/ic-preparation/${v2!.id}/presentation`]: () =>
          new Response('PK', {
            status: 200,
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
              'Content-Disposition': 'attachment; filename=ic_memo_lumen_robotics_v2.pptx',
            },
          }),
        ...emailRoutes(v2!.id),
      };
    });
    const [v1, v2] = memos();

    await user.click(prepare);
    const overlay = await screen.findByTestId('ic-generation-overlay');
    expect(within(overlay).getByRole('status')).toHaveTextContent('Analysing deal data');
    expect(prepare).toBeDisabled();
    // The fast generator first (spec 02 §4); it answered, so the agent is not asked.
    expect(new URL(server.callsTo('POST', `/ic-memos/generate-groq/${deal.id}`)[0]!.url).search).toBe(
      '?use_groq=true',
    );
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

    // Download slides (.pptx): the same memo as a presentation, under the server's name.
    await user.click(within(dialog).getByRole('button', { name: 'Download slides (.pptx)' }));
    await waitFor(() =>
      expect(downloads).toEqual([`ic_memo_${v2!.id}.pdf`, 'ic_memo_lumen_robotics_v2.pptx']),
    );
    expect(
      new URL(server.callsTo('GET', `/agents/ic-preparation/${v2!.id}/presentation`)[0]!.url).search,
    ).toBe('?format=pptx');
    expect(server.callsTo('POST', '/smolagent-ic-preparation/generate')).toHaveLength(0);

    // Email: recipients required, then sent with the spec's answer once the job has sent it.
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
    expect(server.callsTo('GET', `/agents/workflows/${EXECUTION}/status`).length).toBeGreaterThan(0);
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
    const { user, prepare } = await openPanel((created) => ({
      [fastPath(created.id)]: () => jsonResponse(500, { detail: 'Internal server error' }),
    }));
    await user.click(prepare);
    await waitFor(() =>
      expect(alerts).toEqual(['Failed to generate IC materials: 500 Internal Server Error']),
    );
    expect(screen.queryByRole('dialog', { name: /IC materials/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('ic-generation-overlay')).not.toBeInTheDocument();
  }, 90_000);

  it('names a bad address in the email dialog, and alerts a refused or failed send', async () => {
    const deal = { id: '' };
    let emailAnswer: () => Response | Promise<Response> = () => jsonResponse(422, { detail: 'bad' });
    const { user, prepare } = await openPanel((created) => {
      deal.id = created.id;
      const memo = makeIcMemo(created.id);
      return {
        [fastPath(created.id)]: () => jsonResponse(200, fastGeneratorAnswer(memo)),
        [`GET /deals/${created.id}/ic-memos`]: () => jsonResponse(200, versionsOf(memo)),
        [`GET /ic-memos/${memo.id}`]: () => jsonResponse(200, memo),
        [`POST /ic-preparation/${memo.id}/email`]: () => emailAnswer(),
      };
    });
    await user.click(prepare);
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

  it('falls back to the agent generator without a model and opens the memo it stored', async () => {
    const { user, prepare, server, deal } = await openPanel((created) => {
      const memo = makeIcMemo(created.id);
      return {
        [fastPath(created.id)]: () => jsonResponse(503, notConfiguredAnswer(created.id)),
        'POST /smolagent-ic-preparation/generate': () => jsonResponse(200, agentPackageOf(memo)),
        [`GET /deals/${created.id}/ic-memos`]: () => jsonResponse(200, versionsOf(memo)),
        [`GET /ic-memos/${memo.id}`]: () => jsonResponse(200, memo),
      };
    });
    await user.click(prepare);
    // The whole materials dialog on the stored memo: notes, versions, PDF, slides and email.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'IC materials: Lumen Robotics' },
      { timeout: 30_000 },
    );
    const memo = await within(dialog).findByRole('article', { name: 'IC memo version 1' });
    expect(within(memo).getAllByRole('button', { name: 'Note 1' }).length).toBeGreaterThan(0);
    for (const name of ['Email', 'Download slides (.pptx)', 'Export PDF']) {
      expect(within(dialog).getByRole('button', { name })).toBeEnabled();
    }
    expect(server.callsTo('POST', `/ic-memos/generate-groq/${deal.id}`)).toHaveLength(1);
    expect(server.callsTo('POST', '/smolagent-ic-preparation/generate')[0]?.body).toMatchObject({
      deal_id: deal.id,
      use_real_smolagent: true,
    });
    expect(screen.queryByRole('dialog', { name: /^IC package/ })).not.toBeInTheDocument();
    expect(alerts).toEqual([]);
  }, 90_000);

  it('shows a package that names no stored memo as a package: Markdown rendered, notes, email coming soon', async () => {
    const { user, prepare } = await openPanel((created) => ({
      [fastPath(created.id)]: () => jsonResponse(503, notConfiguredAnswer(created.id)),
      'POST /smolagent-ic-preparation/generate': () =>
        jsonResponse(200, {
          executive_summary: 'Lumen fits the thesis: **ARR €12.4M** [^1].',
          investment_recommendation: { decision: 'proceed', rationale: '**Proceed** with covenants.' },
          deal_terms: { facility_amount: 5_000_000 },
          financial_analysis: { revenue_forecast: 'Up 40% next year', debt_capacity: 6_000_000 },
          risk_assessment: { overall_risk_rating: 'Medium' },
          footnotes: makeIcMemo(created.id).footnotes,
        }),
    }));
    await user.click(prepare);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'IC package: Lumen Robotics' },
      { timeout: 30_000 },
    );
    expect(dialog).not.toHaveTextContent('**');
    expect(within(dialog).getByText('ARR €12.4M').tagName).toBe('STRONG');
    expect(within(dialog).getByText('Proceed').tagName).toBe('STRONG');
    expect(within(dialog).getByText('€5,000,000')).toBeInTheDocument();
    expect(within(dialog).getByText('€6,000,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Medium')).toBeInTheDocument();
    // The marker leads to its note, which names its source.
    await user.click(within(dialog).getByRole('button', { name: 'Note 1' }));
    const notes = within(dialog).getByRole('heading', { name: 'Notes' }).parentElement as HTMLElement;
    expect(within(notes).getAllByRole('listitem')).toHaveLength(2);
    expect(notes.querySelector(':focus')).toHaveTextContent('Lumen board pack.pdf, page 4');
    await user.click(within(dialog).getByRole('button', { name: 'Email' }));
    expect(alerts).toEqual(['Email for agent-generated IC packages is coming soon.']);
  }, 90_000);
});
