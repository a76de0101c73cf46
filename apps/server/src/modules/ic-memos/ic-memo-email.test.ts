import {
  IC_EMAIL_QUEUED,
  type TAuthResponse,
  type TSendIcMemoEmailResponse,
  type TWorkflowStatus,
} from '@atempo/contracts';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { type MailCatcher, recipients, startMailCatcher } from '../../test/mail-catcher.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { insertMemo, realisticSections } from './ic-memo-pdf.fixtures.ts';
import { createDeal, flat, headingsOf, pagesOf, pdfText, sectionOf } from './ic-memo-pdf.testing.ts';

let mail: MailCatcher;
let server: TestServer;
let admin: TAuthResponse;
let other: TAuthResponse;
let deal: { id: string; deal_number: number };
let firstVersion: string;
let latestVersion: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ env: { SMTP_URL: mail.url } });
  admin = await registerOrganization(server.app);
  other = await registerOrganization(server.app);
  deal = await createDeal(server.app, admin.access_token);
  const organizationId = admin.organization.id;
  firstVersion = await insertMemo(server.database.db, { organizationId, dealId: deal.id, version: 1 });
  latestVersion = await insertMemo(server.database.db, { organizationId, dealId: deal.id, version: 2 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const emailMemo = (id: string, body: unknown, token = admin.access_token) =>
  call<TSendIcMemoEmailResponse>(server.app, 'POST', `/api/v1/ic-preparation/${id}/email`, { token, body });

const ccOf = (message: ParsedMail) =>
  (Array.isArray(message.cc) ? message.cc : message.cc ? [message.cc] : []).flatMap((group) =>
    group.value.map((address) => address.address),
  );

async function executionSettles(executionId: string): Promise<TWorkflowStatus> {
  let status: TWorkflowStatus | undefined;
  await expect
    .poll(
      async () => {
        const response = await call<TWorkflowStatus>(
          server.app,
          'GET',
          `/api/v1/agents/workflows/${executionId}/status`,
          { token: admin.access_token },
        );
        status = response.body;
        return status.status;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toMatch(/completed|failed/);
  return status!;
}

describe('POST /ic-preparation/{id}/email', () => {
  it('queues the memo as an email, says so, and the execution ends completed with delivery sent', async () => {
    const response = await emailMemo(firstVersion, {
      deal_id: deal.id,
      company_name: 'Northwind Analytics',
      recipients: ' committee@fund.example , ,partner@fund.example ',
      cc_recipients: 'analyst@fund.example',
      subject_override: 'Northwind for Thursday’s committee',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body).toMatchObject({
      message: IC_EMAIL_QUEUED,
      status: 'queued',
      ic_memo_id: firstVersion,
      version: 1,
      subject: 'Northwind for Thursday’s committee',
      recipients: ['committee@fund.example', 'partner@fund.example'],
      cc_recipients: ['analyst@fund.example'],
    });

    const message = await mail.waitFor((m) => m.subject === 'Northwind for Thursday’s committee', 60_000);
    expect(recipients(message)).toEqual(['committee@fund.example', 'partner@fund.example']);
    expect(ccOf(message)).toEqual(['analyst@fund.example']);

    // The memo rendered: headings, the metrics table, citation numbers, the notes.
    const html = String(message.html);
    expect(html).toContain('<h2>Executive Summary</h2>');
    expect(html).toContain('<h2>Financial Analysis</h2>');
    expect(html).toMatch(/<td[^>]*>ARR<\/td>\s*<td[^>]*>€12\.4M<\/td>/);
    expect(html).toContain('<strong>€12.4M</strong> <sup>[1]</sup>');
    expect(html).toContain('[5] Calculation: runway: &#34;Cash £6.2M / net burn £410k = 15.1 months&#34;');
    expect(message.text).toContain('FINANCIAL ANALYSIS');
    expect(message.text).toContain('| ARR | €12.4M | [^1] |');

    // The PDF attached, the same memo.
    expect(message.attachments).toHaveLength(1);
    const [pdf] = message.attachments;
    expect(pdf!.filename).toMatch(/^IC_Memo_Northwind_Analytics_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf!.content);
    expect(headingsOf(text)).toHaveLength(10);
    expect(sectionOf(text, 'Financial Analysis')).toContain('€12.4M');
    expect(flat(pagesOf(text)[0]!)).toContain('Version v1');
    for (const [index, page] of pagesOf(text).entries())
      expect(page).toContain(`Page ${index + 1} of ${pagesOf(text).length}`);

    const execution = await executionSettles(response.body.execution_id);
    expect(execution).toMatchObject({
      workflow_type: 'ic_memo_email',
      status: 'completed',
      subject_id: deal.id,
    });
    expect(execution.steps).toEqual([expect.objectContaining({ name: 'send_email', status: 'completed' })]);
    expect(execution.result).toMatchObject({ delivery: 'sent', ic_memo_id: firstVersion });
  }, 120_000);

  it('sends a deal’s latest memo for a deal id, with a generated subject when none is given', async () => {
    const response = await emailMemo(deal.id, {
      recipients: ['committee@fund.example'],
      subject_override: '  ',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body).toMatchObject({
      ic_memo_id: latestVersion,
      version: 2,
      subject: 'IC memo: Northwind Analytics (v2)',
      cc_recipients: [],
    });
    const message = await mail.waitFor(
      (m) =>
        m.subject === 'IC memo: Northwind Analytics (v2)' &&
        /^IC_Memo_Northwind_Analytics_\d{4}-\d{2}-\d{2}\.pdf$/.test(m.attachments[0]?.filename ?? ''),
      60_000,
    );
    expect(ccOf(message)).toEqual([]);
    expect((await executionSettles(response.body.execution_id)).status).toBe('completed');
  }, 120_000);

  it('keeps hostile memo text inert in the HTML and still attaches a readable PDF', async () => {
    const sections = realisticSections();
    sections.executive_summary =
      '<script>alert("x")</script>\n\nText <img src=x onerror=alert(1)> [click](javascript:alert(1)) [ok](https://example.com/a?b=1&c=2) ' +
      'A'.repeat(20_000);
    sections.company_overview =
      '<a href="https://evil.example">phish</a>\n\n<style>body{display:none}</style>';
    const memo = await insertMemo(server.database.db, {
      organizationId: admin.organization.id,
      dealId: deal.id,
      version: 3,
      companyName: '<b>Evil</b> & "Co"',
      sections,
    });
    const response = await emailMemo(memo, {
      recipients: 'committee@fund.example',
      subject_override: 'Hostile memo',
    });
    expect(response.status).toBe(202);
    const message = await mail.waitFor((m) => m.subject === 'Hostile memo', 60_000);
    const html = String(message.html);
    const body = html.slice(html.indexOf('<body'));
    expect(body).not.toMatch(/<script|<img|<style|<a href="javascript|href="https:\/\/evil/i);
    expect(body).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(body).toContain('&#60;b&#62;Evil&#60;/b&#62; &#38; &#34;Co&#34;');
    expect(body).toContain('<a href="https://example.com/a?b=1&#38;c=2">ok</a>');
    expect(body).toContain(' click ');
    expect(message.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(message.attachments[0]!.content)).toContain('<script>alert("x")</script>');
  }, 120_000);

  it('refuses bad recipients, naming the bad address, and sends nothing', async () => {
    const before = mail.messages.length;
    const bad = await emailMemo(firstVersion, { recipients: 'committee@fund.example, not-an-email' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.detail).toContain('not-an-email is not an email address');

    const badCc = await emailMemo(firstVersion, {
      recipients: 'committee@fund.example',
      cc_recipients: 'x@@y',
    });
    expect(badCc.status).toBe(422);
    expect(badCc.body.detail).toContain('x@@y');

    for (const body of [
      { recipients: '' },
      { recipients: ' , , ' },
      { recipients: [] },
      {},
      { recipients: Array.from({ length: 51 }, (_, i) => `p${i}@fund.example`) },
      { recipients: 'a@fund.example', subject_override: 'x'.repeat(301) },
      { recipients: 'a@fund.example', deal_id: 'not-a-uuid' },
      { recipients: 42 },
    ]) {
      const response = await emailMemo(firstVersion, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const wrongDeal = await emailMemo(firstVersion, {
      recipients: 'a@fund.example',
      deal_id: crypto.randomUUID(),
    });
    expect(wrongDeal.status).toBe(422);
    expect(wrongDeal.body.detail).toMatch(/deal/i);

    const malformed = await server.app.inject({
      method: 'POST',
      url: `/api/v1/ic-preparation/${firstVersion}/email`,
      headers: { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' },
      payload: '{"recipients":',
    });
    expect(malformed.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mail.messages.length).toBe(before);
  });

  it('answers 404 for another organisation’s memo or deal, 401 without a token', async () => {
    const body = { recipients: 'committee@fund.example' };
    expect((await emailMemo(firstVersion, body, other.access_token)).status).toBe(404);
    expect((await emailMemo(deal.id, body, other.access_token)).status).toBe(404);
    expect((await emailMemo(crypto.randomUUID(), body)).status).toBe(404);
    expect((await emailMemo('not-a-uuid', body)).status).toBe(422);
    const unauthenticated = await call(server.app, 'POST', `/api/v1/ic-preparation/${firstVersion}/email`, {
      body,
    });
    expect(unauthenticated.status).toBe(401);
  });
});
