import { ZDocumentAnalysis } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import {
  analyseDocument,
  assessRisks,
  BUILT_IN_ANALYST,
  classifyDocument,
  findKeyMetrics,
  summariseDocument,
} from '../index.ts';
import {
  FINANCIALS_PDF,
  FINANCIALS_SHEET,
  LOAN_AGREEMENT,
  PITCH_DECK,
  pdf,
  sheet,
  TEMPLATE,
  TERM_SHEET,
  workbook,
} from './test-support/fixtures.ts';

describe('classifyDocument', () => {
  it.each([
    [PITCH_DECK, 'acme-deck.pdf', 'pitch_deck'],
    [FINANCIALS_PDF, 'acme-accounts-2024.pdf', 'financial_statements'],
    [FINANCIALS_SHEET, 'acme.xlsx', 'financial_statements'],
    [TERM_SHEET, 'document.pdf', 'term_sheet'],
    [LOAN_AGREEMENT, 'scan.pdf', 'legal_agreement'],
  ] as const)('classifies %#: %s as %s', (doc, filename, type) => {
    const c = classifyDocument(doc, filename);
    expect(c.document_type).toBe(type);
    expect(c.confidence_score).toBeGreaterThan(0.4);
    expect(c.confidence_score).toBeLessThanOrEqual(1);
  });

  it('is unsure about a document with nothing telling in it', () => {
    const c = classifyDocument(pdf(['Minutes taken by hand.\nSee you next week.']), 'notes.pdf');
    expect(c.document_type).toBe('other');
    expect(c.confidence_score).toBeLessThan(0.6);
  });

  it('reads a workbook with assumptions and forecast years as a financial model', () => {
    const doc = workbook([
      sheet('Assumptions', [['Growth assumptions'], ['Price increase', 0.05]]),
      sheet('P&L', [
        ['Profit and loss (€k)'],
        [null, '2025E', '2026E', '2027E'],
        ['Revenue', 1000, 1500, 2200],
      ]),
    ]);
    expect(classifyDocument(doc, 'model.xlsx').document_type).toBe('financial_model');
    // every column is a forecast: the nearest one is reported, and said to be a forecast
    expect(findKeyMetrics(doc, 'financial_model').revenue).toMatchObject({
      value: 1_000_000,
      period: '2025E',
    });
  });
});

describe('assessRisks', () => {
  it('flags a runway under 12 months with its slide, and asks for what the deck lacks', () => {
    const keyMetrics = findKeyMetrics(PITCH_DECK, 'pitch_deck');
    const r = assessRisks(PITCH_DECK, { documentType: 'pitch_deck', keyMetrics, facilityTerms: null });
    expect(r.risk_flag_details).toContainEqual({
      text: 'Runway is 11 months, under 12 months.',
      source: keyMetrics.runway_months?.source,
    });
    expect(r.risk_flag_details[0]?.source?.label).toBe('slide 7');
    expect(r.action_items).toContain(
      'Request the last 12 months of monthly management accounts (P&L, balance sheet, cash flow).',
    );
    expect(r.action_items).toContain('Request the current cap table (fully diluted).');
    expect(r.action_items).not.toContain('Ask for the current cash balance.');
  });

  it('flags negative closing cash, going-concern language and a covenant breach with their sources', () => {
    const doc = pdf([
      [
        'CASH FLOW FORECAST (€)',
        '                          Jan-25        Feb-25        Mar-25',
        'Opening cash balance      120,000        40,000       -35,000',
        'Closing cash balance       40,000       -35,000       -90,000',
      ].join('\n'),
      'The auditors noted a material uncertainty that may cast significant doubt on the going concern assumption.\nIn March the Company breached its financial covenants and has requested a waiver from the bank.',
    ]);
    const r = assessRisks(doc, { documentType: 'board_report', keyMetrics: {}, facilityTerms: null });
    const texts = r.risk_flag_details.map((f) => f.text);
    expect(texts[0]).toBe(
      'Closing cash goes negative (lowest -90,000 in 2025-02, 2025-03) with no financing shown to cover it.',
    );
    expect(r.risk_flag_details[0]?.source?.label).toBe('page 1');
    expect(texts).toContainEqual(
      expect.stringMatching(/^The document raises going-concern doubt: ".*going concern.*"$/),
    );
    expect(texts).toContainEqual(
      expect.stringMatching(
        /^A covenant breach, waiver or default is mentioned: ".*breached its financial covenants.*"$/,
      ),
    );
    expect(r.risk_flag_details.every((f) => f.source?.label.startsWith('page '))).toBe(true);
  });

  it('asks for covenants a term sheet leaves out, and for the completed version of a template', () => {
    const noCovenants = pdf([TERM_SHEET.pages[0]?.text.replace(/Financial Covenants:.*$/m, '') ?? '']);
    const r = assessRisks(noCovenants, {
      documentType: 'term_sheet',
      keyMetrics: {},
      facilityTerms: { terms: {}, covenants: [] },
    });
    expect(r.action_items).toContainEqual(expect.stringMatching(/^Covenant terms are absent/));
    const t = assessRisks(TEMPLATE, { documentType: 'term_sheet', keyMetrics: {}, facilityTerms: null });
    expect(t.risk_flag_details).toEqual([]);
    expect(t.action_items).toEqual([
      'This is a template or blank form: ask for the completed, signed version.',
    ]);
  });
});

describe('a board report', () => {
  const report = pdf([
    'Board meeting – monthly update, March 2025\nAgenda: KPIs, cash, hiring plan, decisions required from the board.',
    'KPIs\nMRR of €210k in March 2025\nMonthly churn 4.5%\nCash balance: €1.1M at 31 March 2025\nNet burn of €150k per month',
    'Customers\nOur largest customer accounts for 38% of revenue after the renewal of its contract.',
  ]);

  it('is classified as a board report, and its figures and risks are read with their pages', () => {
    const a = analyseDocument(report, { filename: 'board-pack-march.pdf' });
    expect(a.document_type).toBe('board_report');
    expect(a.suggested_folder).toBe('Reporting/Board Reports');
    expect(a.key_metrics.mrr).toMatchObject({ value: 210_000, currency: 'EUR', period: '2025-03' });
    expect(a.key_metrics.monthly_churn).toMatchObject({ value: 0.045 });
    expect(a.key_metrics.cash).toMatchObject({ value: 1_100_000, period: '2025-03-31' });
    expect(a.key_metrics.net_burn).toMatchObject({ value: 150_000, period: 'monthly' });
    expect(a.risk_flags).toContain('Monthly churn of 4.5% is high (above 3%).');
    expect(a.risk_flags).toContain(
      'Cash of €1.1M covers about 7.3 months of net burn at €150k a month, under 12 months.',
    );
    const concentration = a.risk_flag_details.find((f) =>
      f.text.startsWith('Revenue is concentrated on few customers'),
    );
    expect(concentration?.source?.label).toBe('page 3');
    expect(a.action_items).toContain('Request the current cap table (fully diluted).');
  });
});

describe('summariseDocument', () => {
  it('takes 3 to 5 sentences from the document as written', () => {
    const s = summariseDocument(PITCH_DECK, 'pitch_deck');
    const all = PITCH_DECK.pages.map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
    const sentences = s.content_summary.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(5);
    for (const sentence of sentences) expect(all).toContain(sentence);
    expect(s.suggested_folder).toBe('Company/Pitch Decks');
    expect(summariseDocument(TERM_SHEET, 'term_sheet').suggested_folder).toBe('Legal/Term Sheets');
    expect(summariseDocument(FINANCIALS_SHEET, 'financial_model').suggested_folder).toBe('Financials/Models');
  });
});

describe('analyseDocument', () => {
  it('composes the stages into the analysis the API stores', () => {
    const a = analyseDocument(TERM_SHEET, { filename: 'acme-term-sheet.pdf' });
    expect(a.document_type).toBe('term_sheet');
    expect(a.facility_terms?.terms.facility_amount?.value).toBe(5_000_000);
    expect(a.risk_flags).toEqual(a.risk_flag_details.map((f) => f.text));
    expect(a.page_count).toBe(1);
    const full = {
      ...a,
      document_id: '00000000-0000-4000-8000-000000000000',
      filename: 'acme-term-sheet.pdf',
      file_size: 1000,
      engine: BUILT_IN_ANALYST,
      processed_at: new Date().toISOString(),
      created_by: null,
    };
    expect(ZDocumentAnalysis.safeParse(full).success).toBe(true);
  });

  it('notes a currency conversion', () => {
    const a = analyseDocument(
      pdf([
        'CONSOLIDATED STATEMENTS OF OPERATIONS\n(In millions of US dollars)\nYears Ended December 31,     2024      2023\nTotal revenues         $ 103.9   $ 88.0',
      ]),
      { filename: 'globex-10k.pdf' },
    );
    expect(a.notices).toContainEqual(
      expect.stringMatching(/^1 figure was converted from USD to EUR at the configured rate of 2024-12-31/),
    );
  });
});
