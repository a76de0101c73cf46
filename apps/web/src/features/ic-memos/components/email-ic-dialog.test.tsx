import type { TWorkflowStatus } from '@atempo/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRoute, createFakeApi, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { EmailIcDialog } from './email-ic-dialog.tsx';

const MEMO = {
  id: '1c000000-0000-4000-8000-000000000002',
  deal_id: '7a000000-0000-4000-8000-000000000001',
  company_name: 'Lumen Robotics',
  version: 2,
};
const EXECUTION = '3e000000-0000-4000-8000-000000000001';
const EMAIL = `/ic-preparation/${MEMO.id}/email`;
const STATUS = `/agents/workflows/${EXECUTION}/status`;

/** The 202 the server answers: queued, nothing sent yet. */
const queued = () =>
  jsonResponse(202, {
    message: 'The IC materials email is queued for sending.',
    status: 'queued',
    execution_id: EXECUTION,
    ic_memo_id: MEMO.id,
    version: 2,
    subject: 'IC memo: Lumen Robotics (v2)',
    recipients: ['a@fund.example'],
    cc_recipients: [],
  });

/** The email job's status as GET /agents/workflows/{id}/status answers it. */
function jobStatus(overrides: Partial<TWorkflowStatus>): TWorkflowStatus {
  return {
    execution_id: EXECUTION,
    workflow_type: 'ic_memo_email',
    status: 'completed',
    stage: 'send_email',
    progress: 100,
    subject_id: MEMO.deal_id,
    error: null,
    steps: [],
    result: null,
    created_at: '2026-11-24T08:30:00.000Z',
    updated_at: '2026-11-24T08:30:01.000Z',
    ...overrides,
  };
}
const delivered = (delivery: 'sent' | 'logged') =>
  jobStatus({
    result: {
      ic_memo_id: MEMO.id,
      delivery,
      recipients: ['a@fund.example'],
      cc_recipients: [],
      subject: 'IC memo: Lumen Robotics (v2)',
    },
    steps: [{ name: 'send_email', status: 'completed', error: null, started_at: null, finished_at: null }],
  });

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

function openDialog(status: ApiRoute) {
  storeSession();
  const server = createFakeApi({ [`POST ${EMAIL}`]: queued, [`GET ${STATUS}`]: status });
  vi.stubGlobal('fetch', server.fetch);
  const onOpenChange = vi.fn();
  render(<EmailIcDialog open onOpenChange={onOpenChange} memo={MEMO} />);
  const dialog = screen.getByRole('dialog', { name: 'Email IC materials' });
  return { server, dialog, onOpenChange, user: userEvent.setup() };
}

async function send(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Recipients' }), 'a@fund.example');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
}

describe('Email IC dialog: the outcome is the email job’s, not the request’s', () => {
  it('shows it sending while the job runs, and says sent only once a mail server took it', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { dialog, onOpenChange, user, server } = openDialog(async () => {
      await answered;
      return jsonResponse(200, delivered('sent'));
    });
    await send(dialog, user);

    expect(
      await within(dialog).findByText('Email queued. Waiting for the mail server to accept it...'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(server.callsTo('GET', STATUS)).toHaveLength(1));
    // Queued is not sent: nothing is said yet.
    expect(alerts).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(alerts).toEqual(['IC materials sent successfully!']));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('alerts the mail server’s reason when the job failed', async () => {
    const reason = "Can't send mail - all recipients were rejected: 550 Mailbox unavailable";
    const { dialog, onOpenChange, user } = openDialog(() =>
      jsonResponse(
        200,
        jobStatus({
          status: 'failed',
          error: `send_email: ${reason}`,
          steps: [
            { name: 'send_email', status: 'failed', error: reason, started_at: null, finished_at: null },
          ],
        }),
      ),
    );
    await send(dialog, user);
    await waitFor(() => expect(alerts).toEqual([`Failed to send email: ${reason}`]));
    // The dialog stays, to correct an address and send again.
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('says the email was only written to the server log when no mail server is configured', async () => {
    const { dialog, onOpenChange, user } = openDialog(() => jsonResponse(200, delivered('logged')));
    await send(dialog, user);
    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent(
      'The email was not sent: no mail server is configured on this server (SMTP_URL), so it was written to the server log instead.',
    );
    expect(alerts).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('alerts when the status cannot be read', async () => {
    const { dialog, user } = openDialog(() =>
      jsonResponse(404, { detail: 'Workflow execution not found', code: 'NOT_FOUND' }),
    );
    await send(dialog, user);
    await waitFor(() => expect(alerts).toHaveLength(1));
    expect(alerts[0]).toMatch(/^Failed to send email: /);
  });
});
