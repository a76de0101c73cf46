import type { TWorkflowStatus } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { emailDeliveryOf } from './email-delivery.ts';

const MEMO = '1c000000-0000-4000-8000-000000000001';

function status(overrides: Partial<TWorkflowStatus>): TWorkflowStatus {
  return {
    execution_id: '3e000000-0000-4000-8000-000000000001',
    workflow_type: 'ic_memo_email',
    status: 'completed',
    stage: 'send_email',
    progress: 100,
    subject_id: null,
    error: null,
    steps: [],
    result: null,
    created_at: '2026-11-24T08:30:00.000Z',
    updated_at: '2026-11-24T08:30:01.000Z',
    ...overrides,
  };
}

const result = (delivery: string) => ({
  ic_memo_id: MEMO,
  delivery,
  recipients: ['a@fund.example'],
  cc_recipients: [],
  subject: 'IC memo: Lumen Robotics (v1)',
});

describe('emailDeliveryOf', () => {
  it('is sent only when the job says a mail server took it, logged when it was only logged', () => {
    expect(emailDeliveryOf(status({ result: result('sent') }))).toEqual({ kind: 'sent' });
    expect(emailDeliveryOf(status({ result: result('logged') }))).toEqual({ kind: 'logged' });
  });

  it('names the failed step’s reason, else the execution’s', () => {
    const step = {
      name: 'send_email',
      status: 'failed' as const,
      error: "Can't send mail - all recipients were rejected: 550 Mailbox unavailable",
      started_at: null,
      finished_at: null,
    };
    expect(emailDeliveryOf(status({ status: 'failed', error: 'send_email: x', steps: [step] }))).toEqual({
      kind: 'failed',
      reason: step.error,
    });
    expect(emailDeliveryOf(status({ status: 'failed', error: 'The IC memo no longer exists' }))).toEqual({
      kind: 'failed',
      reason: 'The IC memo no longer exists',
    });
  });

  it('never calls an unknown delivery sent', () => {
    expect(emailDeliveryOf(status({ result: null })).kind).toBe('failed');
    expect(emailDeliveryOf(status({ result: result('maybe') })).kind).toBe('failed');
  });
});
