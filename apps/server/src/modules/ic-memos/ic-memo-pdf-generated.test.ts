import { IC_MEMO_SECTION_TITLES, IC_MEMO_SECTIONS, type TIcMemo, ZIcMemo } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { type AssistantOrganisation, seedAssistantOrganisation } from '../assistant/assistant.fixtures.ts';
import { citedNumbers } from './footnotes.ts';
import { exportPdf, flat, headingsOf, pagesOf, pdfText, sectionOf } from './ic-memo-pdf.testing.ts';

/**
 * The PDF of a memo the built-in analyst wrote (POST /ic-preparation/generate) over a seeded deal
 * with analysed accounts: what the generator really emits (GFM tables, "*Not in the data:*" notes,
 * footnote markers, calculations), not a hand-written memo.
 */

let server: TestServer;
let org: AssistantOrganisation;
let memo: TIcMemo;
let text: string;

const exportText = async (flags: Record<string, boolean> = {}) => {
  const response = await exportPdf(server.app, org.token, memo.id, flags);
  expect(response.status).toBe(200);
  return pdfText(response.bytes);
};

beforeAll(async () => {
  server = await startTestServer();
  org = await seedAssistantOrganisation(server.app);
  const response = await call<TIcMemo>(server.app, 'POST', '/api/v1/ic-preparation/generate', {
    token: org.token,
    body: { deal_id: org.deals.beta.id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  memo = ZIcMemo.parse(response.body);
  text = await exportText();
}, 240_000);

afterAll(async () => {
  await server?.close();
});

/** The PDF's title of a section: the deal terms of a memo without a term sheet are a proposal. */
const titleOf = (section: (typeof IC_MEMO_SECTIONS)[number]) =>
  section === 'deal_terms' && memo.metadata.terms_are_proposal
    ? 'Deal Terms (proposal)'
    : IC_MEMO_SECTION_TITLES[section];

describe('the PDF of a generated memo', () => {
  it('has the ten sections in order, and "Page n of N" on every page', () => {
    expect(memo.metadata.terms_are_proposal).toBe(true);
    expect(headingsOf(text)).toEqual(IC_MEMO_SECTIONS.map(titleOf));
    const pages = pagesOf(text);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const [index, page] of pages.entries())
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
  });

  it('lays out every GFM table row as a line of its cells, with no pipe or rule left', () => {
    const rows = [memo.content.financial_analysis, memo.content.deal_terms]
      .flatMap((markdown) => markdown?.split('\n') ?? [])
      .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line));
    // Revenue, ARR, net burn, cash… from the accounts and the deal; the proposed facility.
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const lines = text.split('\n').map((line) => flat(line).trim());
    for (const row of rows) {
      const cells = row
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/\[\^(\d+)\]/g, '[$1]'));
      // The row's cells in order on one line of their own: a table row, not a paragraph.
      expect(lines, row).toContain(cells.join(' '));
    }
    expect(text).not.toContain('|');
    expect(text).not.toContain('---');
  });

  it('prints each "*Not in the data:*" note as a sentence of its section, without the asterisks', () => {
    let notes = 0;
    for (const section of IC_MEMO_SECTIONS) {
      for (const match of (memo.content[section] ?? '').matchAll(/\*Not in the data:\* ([^\n]+)/g)) {
        expect(sectionOf(text, titleOf(section)), section).toContain(`Not in the data: ${match[1]}`);
        notes += 1;
      }
    }
    expect(notes).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain('*');
  });

  it('numbers each citation as the memo does and lists it, with its source, in the notes of its section', () => {
    expect(text).not.toContain('[^');
    const byNumber = new Map(memo.footnotes.map((footnote) => [footnote.n, footnote]));
    const listed = new Set<number>();
    for (const section of IC_MEMO_SECTIONS) {
      const printed = sectionOf(text, titleOf(section));
      const notes = printed.slice(printed.lastIndexOf(' Notes '));
      for (const n of citedNumbers(memo.content[section] ?? '')) {
        expect(printed.slice(0, printed.lastIndexOf(' Notes ')), `${section} [${n}]`).toContain(`[${n}]`);
        expect(notes, `${section} note ${n}`).toContain(`[${n}] ${byNumber.get(n)?.source}`);
        listed.add(n);
      }
    }
    // Every footnote of the memo is printed under its own number, calculations included.
    expect([...listed].sort((a, b) => a - b)).toEqual(memo.footnotes.map((footnote) => footnote.n));
    const calculations = memo.footnotes.filter((footnote) => footnote.target.kind === 'calculation');
    expect(calculations.map((footnote) => footnote.source)).toEqual([
      'Calculation: runway',
      'Calculation: revenue in 12 months at the recorded growth',
    ]);
    const financial = sectionOf(text, 'Financial Analysis');
    expect(financial).toContain(`Runway at the current burn: 5 months[${calculations[0]!.n}]`);
  });
});

describe('a copy that leaves sections out', () => {
  /** The summary's text and the numbers of the notes listed after it. */
  const summaryOf = (pdf: string) => {
    const section = flat(sectionOf(pdf, 'Executive Summary'));
    const notesAt = section.lastIndexOf(' Notes ');
    return {
      body: section.slice(0, notesAt),
      notes: [...section.slice(notesAt).matchAll(/\[(\d+)\] /g)].map((match) => Number(match[1])),
    };
  };

  it('drops the summary sentences that quote a left-out section, and keeps the others with their notes', async () => {
    const cases: { flags: Record<string, boolean>; gone: string[]; kept: string[]; notes: number[] }[] = [
      {
        flags: { include_financials: false },
        gone: ['Key figures', 'Financial Analysis', '€4,150,000', '46.64%', 'Cash €2,100,000'],
        kept: ['Risk: Critical Risk', 'Decision proposed: Decline'],
        notes: [1, 7],
      },
      {
        flags: { include_risks: false },
        gone: ['Risk: Critical Risk', 'red-flag score', 'Risk Assessment'],
        kept: ['Key figures (see Financial Analysis): ARR €4,400,000', 'Decision proposed: Decline'],
        notes: [1, 2, 3, 4, 5, 6, 7],
      },
      {
        flags: { include_recommendations: false },
        gone: ['Decision proposed', 'Recommendation', 'Thematic score 8.5', 'recommendation Reject'],
        kept: ['Risk: Critical Risk', 'Key figures (see Financial Analysis)'],
        notes: [1, 2, 3, 4, 5, 6, 7],
      },
    ];
    const complete = summaryOf(text);
    expect(complete.notes).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const { flags, gone, kept, notes } of cases) {
      const summary = summaryOf(await exportText(flags));
      const label = JSON.stringify(flags);
      // The full copy says all of it; the partial copy not what it left out.
      for (const phrase of [...gone, ...kept]) expect(complete.body, `${label}: ${phrase}`).toContain(phrase);
      for (const phrase of gone) expect(summary.body, `${label}: ${phrase}`).not.toContain(phrase);
      for (const phrase of kept) expect(summary.body, `${label}: ${phrase}`).toContain(phrase);
      // What is kept is still cited: the amount requested and the proposed facility, with their notes.
      expect(summary.body, label).toContain('requests €3,000,000');
      expect(summary.body, label).toContain('the suggested facility, a proposal, is €2,200,000');
      expect(summary.notes, label).toEqual(notes);
    }
  }, 60_000);
});
