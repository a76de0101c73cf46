import type { TAuthResponse } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { insertMemo, realisticSections } from './ic-memo-pdf.fixtures.ts';
import {
  createDeal,
  exportPdf,
  flat,
  headingsOf,
  pagesOf,
  pdfText,
  sectionOf,
} from './ic-memo-pdf.testing.ts';

let server: TestServer;
let admin: TAuthResponse;
let other: TAuthResponse;
let deal: { id: string; deal_number: number };
let memoId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerOrganization(server.app);
  other = await registerOrganization(server.app);
  deal = await createDeal(server.app, admin.access_token);
  memoId = await insertMemo(server.database.db, { organizationId: admin.organization.id, dealId: deal.id });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('POST /ic-memos/{id}/export-pdf', () => {
  it('answers the memo as a PDF attachment named after its company and date', async () => {
    const response = await exportPdf(server.app, admin.access_token, memoId, {
      transformation_mode: 'full',
      include_financials: true,
      include_risks: true,
      include_recommendations: true,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?IC_Memo_[^"]+_\d{4}-\d{2}-\d{2}\.pdf"?/,
    );
    expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  describe('read back as text', () => {
    let text: string;
    beforeAll(async () => {
      const response = await exportPdf(server.app, admin.access_token, memoId);
      expect(response.status).toBe(200);
      text = await pdfText(response.bytes);
    }, 60_000);

    it('has a cover with the company, the deal, the date and the version', () => {
      const cover = flat(pagesOf(text)[0]!);
      expect(cover).toContain('Northwind Analytics');
      expect(cover).toContain(`#${deal.deal_number} (due diligence)`);
      expect(cover).toContain('20 November 2026');
      expect(cover).toContain('Version v1');
      expect(cover).toContain('€5,000,000');
      expect(cover).toContain('Written by Built-in analyst');
    });

    it('has every section under its heading, in the memo order, after the cover page', () => {
      const titles = [
        'Executive Summary',
        'Company Overview',
        'Market Opportunity',
        'Competitive Landscape',
        'Product and Technology',
        'Team Assessment',
        'Financial Analysis',
        'Risk Assessment',
        'Deal Terms',
        'Recommendation',
      ];
      expect(headingsOf(text)).toEqual(titles);
      expect(pagesOf(text)[1]!.trim().startsWith('Executive Summary')).toBe(true);
      expect(flat(text)).toContain('Not in the data: no market sizing was uploaded for this deal.');
    });

    it('lays the metrics and the deal terms out as tables, figures intact', () => {
      const financial = sectionOf(text, 'Financial Analysis');
      for (const cell of [
        'Metric',
        'Value',
        'Source',
        'ARR',
        '€12.4M',
        'Gross margin',
        '78%',
        '£410k',
        '£6.2M',
        '15.1 months',
      ]) {
        expect(financial).toContain(cell);
      }
      const terms = sectionOf(text, 'Deal Terms');
      for (const cell of [
        'Facility amount',
        '€5,000,000',
        'Tranches',
        'Interest-only period',
        '12 months',
        'Amortisation',
        'Warrants',
        '8% coverage',
        'Covenants',
        'minimum cash £2.0M',
      ]) {
        expect(terms).toContain(cell);
      }
      // A label list became a table: no bullet is drawn, and the "Label:" colon is gone.
      expect(terms).not.toContain('•');
      expect(terms).not.toContain('Facility amount:');
    });

    it('numbers the citations and lists each section’s notes with their sources', () => {
      const summary = sectionOf(text, 'Executive Summary');
      expect(summary).toContain('€5.0M growth facility [4]');
      expect(summary).toContain('€12.4M [1]');
      expect(summary).toContain('Notes');
      expect(summary).toContain(
        '[1] Northwind board pack Q3.pdf, page 4: "ARR of €12.4M at 30 September 2026" (2 October 2026)',
      );
      expect(summary).toContain('[4] Northwind Analytics, deal #7: "Amount requested €5,000,000"');
      const financial = sectionOf(text, 'Financial Analysis');
      expect(financial).toContain('[5] Calculation: runway: "Cash £6.2M / net burn £410k = 15.1 months"');
      // Notes belong to the section that cites them.
      expect(summary).not.toContain('[5] Calculation');
    });

    it('renders markdown: lists with bullets and numbers, bold without asterisks', () => {
      const product = sectionOf(text, 'Product and Technology');
      expect(product).toContain('• Forecasting engine');
      expect(product).toContain('• Beta: supplier portal');
      const risks = sectionOf(text, 'Risk Assessment');
      expect(risks).toContain('1. Customer concentration: the top three customers');
      expect(risks).toContain('2. Currency');
      expect(text).not.toContain('**');
      expect(text).not.toContain('|---');
    });

    it('numbers every page "Page n of N"', () => {
      const pages = pagesOf(text);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      for (const [index, page] of pages.entries())
        expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });

  it('leaves out the sections the include_* flags turn off', async () => {
    const cases = [
      {
        flag: 'include_financials',
        title: 'Financial Analysis',
        // The summary's sentence quoting the metrics goes with them.
        words: ['Key metrics', 'Runway', '[5] Calculation', 'ARR reached €12.4M'],
      },
      { flag: 'include_risks', title: 'Risk Assessment', words: ['Customer concentration'] },
      {
        flag: 'include_recommendations',
        title: 'Recommendation',
        words: ['Proceed with the facility as proposed'],
      },
    ];
    for (const { flag, title, words } of cases) {
      const response = await exportPdf(server.app, admin.access_token, memoId, { [flag]: false });
      expect(response.status).toBe(200);
      const text = await pdfText(response.bytes);
      const pages = pagesOf(text);
      expect(headingsOf(text), flag).toHaveLength(9);
      expect(headingsOf(text), flag).not.toContain(title);
      for (const word of words) expect(flat(pages.join(' ')), `${flag}: ${word}`).not.toContain(word);
      expect(flat(pages[0]!), flag).toContain(`Left out of this copy ${title}`);
      expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    }
    const none = await exportPdf(server.app, admin.access_token, memoId, {
      include_financials: false,
      include_risks: false,
      include_recommendations: false,
    });
    expect(headingsOf(await pdfText(none.bytes))).toEqual([
      'Executive Summary',
      'Company Overview',
      'Market Opportunity',
      'Competitive Landscape',
      'Product and Technology',
      'Team Assessment',
      'Deal Terms',
    ]);
  }, 60_000);

  it('stays a readable PDF with hostile memo content', async () => {
    const hostile = realisticSections();
    const longWord = 'A'.repeat(6_000);
    hostile.executive_summary = `<script>alert(1)</script> **unclosed bold [^99] ${longWord}\n\n${'Lorem ipsum dolor sit amet. '.repeat(4_000)}`;
    hostile.company_overview =
      '# H1 injected\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) `code` 日本語 😀 שלום ≤ 5 → 6';
    hostile.financial_analysis = `| ${Array.from({ length: 30 }, (_, i) => `c${i}`).join(' | ')} |\n|${'---|'.repeat(30)}\n| ${'9'.repeat(400)} | x |\n\n- **Only label:**\n- **Nested**: value\n  - deeper\n    - deepest`;
    hostile.risk_assessment = `${'> '.repeat(40)}quoted\n\n\`\`\`\n${'code line\n'.repeat(500)}\`\`\``;
    hostile.deal_terms = '';
    const memo = await insertMemo(server.database.db, {
      organizationId: admin.organization.id,
      dealId: deal.id,
      version: 2,
      companyName: '<b>Evil & Co</b> "quoted" \u0007 — Ltd',
      sections: hostile,
      footnotes: [],
    });
    const response = await exportPdf(server.app, admin.access_token, memo);
    expect(response.status).toBe(200);
    const text = await pdfText(response.bytes);
    const pages = pagesOf(text);
    expect(pages.length).toBeGreaterThan(10);
    for (const [index, page] of pages.entries())
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    expect(flat(text)).toContain('<script>alert(1)</script>');
    expect(flat(text)).toContain('<b>Evil & Co</b> "quoted" — Ltd');
    expect(flat(text)).toContain('<= 5 -> 6');
    expect(flat(text)).toContain('[99] Source not recorded with this memo.');
    expect(flat(text)).toContain('This section is longer than the PDF shows');
    expect(flat(pagesOf(text)[0]!)).toContain('Version v2');
    // An empty section says so rather than vanishing.
    expect(flat(text)).toContain('Deal Terms This section is not in the memo.');
  }, 120_000);

  it('answers 404 for another organisation’s memo and for unknown ids, 422 for bad bodies, 401 without a token', async () => {
    expect((await exportPdf(server.app, other.access_token, memoId)).status).toBe(404);
    expect((await exportPdf(server.app, admin.access_token, crypto.randomUUID())).status).toBe(404);
    // A deal id is not a memo id on this route.
    expect((await exportPdf(server.app, admin.access_token, deal.id)).status).toBe(404);
    const notUuid = await exportPdf(server.app, admin.access_token, 'not-a-uuid');
    expect(notUuid.status).toBe(422);
    for (const body of [
      { include_financials: 'no' },
      { transformation_mode: 'summary' },
      { include_risks: null },
      [],
    ]) {
      const response = await exportPdf(server.app, admin.access_token, memoId, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const unauthenticated = await call(server.app, 'POST', `/api/v1/ic-memos/${memoId}/export-pdf`, {
      body: {},
    });
    expect(unauthenticated.status).toBe(401);
  });
});
