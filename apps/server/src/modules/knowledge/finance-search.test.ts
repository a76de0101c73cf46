import type { TAuthResponse, TKnowledgeSearchResponse } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createDocumentIndexer } from './document-indexer.ts';
import { findConcepts } from './finance-thesaurus.ts';
import { insertDocument, textDocument } from './knowledge.fixtures.ts';
import { parseSearchQuery } from './search-query.ts';

/**
 * Questions that name a figure by another word than the filing (issue 18 §6), through HTTP on a
 * small annual report built here: the cash-flow statement says "Purchases of property and
 * equipment", never "capital expenditure"; the income statement says "Net sales"; the balance
 * sheet's "Total assets" row sits in a later passage of a long page, away from its title.
 */

const PROSE = [
  'Northwind Holdings annual report 2024',
  'Management discussion. Our working capital position improved in 2024 and capital allocation',
  'stayed disciplined; we discuss our expenditure on marketing and the outlook for the year.',
].join('\n');

const CASH_FLOWS = [
  'NORTHWIND HOLDINGS, INC.',
  'CONSOLIDATED STATEMENTS OF CASH FLOWS',
  '(in millions)',
  '                                            2024        2023',
  'Net cash provided by operating activities     705         590',
  'Purchases of property and equipment          (330)       (295)',
  'Proceeds from borrowings                      150          90',
].join('\n');

const INCOME = [
  'NORTHWIND HOLDINGS, INC.',
  'CONSOLIDATED STATEMENTS OF EARNINGS',
  '(in millions)',
  '                                            2024        2023',
  'Net sales                                   9,120       8,400',
  'Cost of sales                               6,010       5,700',
  'Net earnings                                  410         380',
].join('\n');

/** A balance sheet long enough to be cut into several passages; "Total assets" ends it. */
function balanceSheet(): string {
  const lines = [
    'NORTHWIND HOLDINGS, INC.',
    'CONSOLIDATED BALANCE SHEETS',
    '(in millions)',
    '                                            2024        2023',
  ];
  for (let i = 0; i < 60; i++)
    lines.push(`Other line item ${i}                           ${100 + i}         ${90 + i}`);
  lines.push('Total assets                                7,000       6,435');
  return lines.join('\n');
}

let server: TestServer;
let auth: TAuthResponse;
let documentId: string;

const search = (query: string) =>
  call<TKnowledgeSearchResponse>(server.app, 'POST', '/api/v1/knowledge/search', {
    token: auth.access_token,
    body: { query, limit: 3, passages_per_document: 3, doc_types: ['document'] },
  });

beforeAll(async () => {
  server = await startTestServer();
  auth = await registerOrganization(server.app);
  const db = server.database.db;
  documentId = await insertDocument(db, {
    organizationId: auth.organization.id,
    name: 'northwind-2024-annual-report.pdf',
    createdBy: auth.user.id,
    documentType: 'annual_report',
  });
  await createDocumentIndexer(db).indexDocument({
    organizationId: auth.organization.id,
    documentId,
    extracted: textDocument([PROSE, CASH_FLOWS, INCOME, balanceSheet()]),
    documentType: 'annual_report',
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const pagesOf = (response: { body: TKnowledgeSearchResponse }) =>
  response.body.results.map((r) => r.metadata.location?.page);

describe('finance synonyms at query time', () => {
  it('finds "Purchases of property and equipment" for a question about capital expenditure', async () => {
    const response = await search('What was the capital expenditure in 2024?');
    expect(response.status).toBe(200);
    expect(pagesOf(response)[0]).toBe(2);
    expect(response.body.results[0]?.content).toContain('Purchases of property and equipment');
  });

  it('finds "Net sales" for revenue and "Net earnings" for net income', async () => {
    expect(pagesOf(await search('What was total revenue in 2024?'))[0]).toBe(3);
    expect(pagesOf(await search('net income 2024'))[0]).toBe(3);
  });

  it('finds the "Total assets" row with its statement title and years, in a later passage of the page', async () => {
    const response = await search('total assets on the balance sheet in 2024');
    expect(pagesOf(response)[0]).toBe(4);
    // The preview is cut around the words found; the heading line ("… · TITLE · scale · years")
    // only opens a page's later passages, so this is the passage of the row, not the title's.
    const content = response.body.results[0]?.content ?? '';
    expect(content).toContain('· CONSOLIDATED BALANCE SHEETS · (in millions) · 2024 2023');
    expect(content).not.toContain('Other line item 0 ');
  });

  it('still reads a quoted phrase as written: no synonym inside quotes', async () => {
    const response = await search('"capital expenditure"');
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([]);
  });
});

describe('parseSearchQuery with finance concepts', () => {
  it('makes a concept phrase one term of alternatives, and drops a long question’s instruction words', () => {
    const parsed = parseSearchQuery(
      'What is the FY2019 capex as a % of revenue for Northwind? Round your answer to one decimal place.',
      { concepts: true },
    );
    const capex = parsed.terms[parsed.concepts[0] ?? -1] ?? [];
    expect(capex).toContain('purchases of property and equipment');
    expect(parsed.terms[parsed.concepts[1] ?? -1]).toContain('net sales');
    const words = parsed.terms.flat();
    expect(words).not.toContain('Round');
    expect(words).not.toContain('decimal');
    expect(parsed.terms[parsed.names[0] ?? -1]).toEqual(['Northwind']);
  });

  it('reads a statement title beside a figure as a hint, and drops a question’s framing words', () => {
    const parsed = parseSearchQuery(
      'Has Northwind increased its debt on the balance sheet between 2023 and the 2024 fiscal period?',
      { concepts: true },
    );
    const words = parsed.terms.flat();
    expect(parsed.terms[parsed.concepts[0] ?? -1]).toContain('long-term debt');
    expect(parsed.concepts).toHaveLength(1);
    expect(words).not.toContain('balance sheet');
    expect(parsed.hints.some((hint) => hint.includes('balance sheet'))).toBe(true);
    for (const framing of ['increased', 'between', 'fiscal', 'period']) expect(words).not.toContain(framing);
    // Asked alone, the title is what to find.
    const alone = parseSearchQuery('What does the balance sheet of Northwind say about its leases?', {
      concepts: true,
    });
    expect(alone.terms[alone.concepts[0] ?? -1]).toContain('balance sheet');
  });

  it('keeps the words of a short search, and reads no concept unless asked', () => {
    expect(parseSearchQuery('round decimal').terms).toEqual([['round'], ['decimal']]);
    expect(parseSearchQuery('capital expenditure').concepts).toEqual([]);
  });

  it('joins capitalised words in a row into one name, and takes the longest concept phrase', () => {
    const parsed = parseSearchQuery('Has American Express increased its total current assets?', {
      concepts: true,
    });
    expect(parsed.terms[parsed.names[0] ?? -1]).toEqual(['American Express']);
    expect(findConcepts(['total', 'current', 'assets'])).toMatchObject([{ start: 0, length: 3 }]);
  });

  it('reads a short search of capitalised words as keywords, not as one name', () => {
    const parsed = parseSearchQuery('Series B Fintech UK', { concepts: true });
    expect(parsed.names).toEqual([]);
    expect(parsed.terms).toEqual([['Series'], ['B'], ['Fintech'], ['UK']]);
  });
});
