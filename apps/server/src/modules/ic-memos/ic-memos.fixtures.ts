import type { TAuthResponse, TDocument, TIcMemo, TIcMemoFootnote } from '@atempo/contracts';
import { makePdf } from '@atempo/documents/testing';
import type { FastifyInstance } from 'fastify';
import { figuresIn, findUnsupportedFigures, numbersIn } from '../../platform/ai/figure-check.ts';
import { call } from '../../test/server.ts';
import { multipartBody, processed } from '../documents/documents.fixtures.ts';
import { citedPieces } from './footnotes.ts';

/** A venture-debt term sheet the real pipeline reads every term of (page 1). */
export const TERM_SHEET_PAGES = [
  [
    'INDICATIVE TERM SHEET',
    'Venture debt facility for Nordlys Energy AB',
    '',
    'This term sheet is non-binding and subject to credit approval and due diligence.',
    '',
    'Borrower:                 Nordlys Energy AB',
    'Lender:                   Northbridge Credit Fund I',
    'Facility Amount:          €5,000,000, in two tranches of €2,500,000',
    'Interest Rate:            3-month EURIBOR + 7.5% per annum',
    'Maturity:                 36 months from the first drawdown',
    'Interest-Only Period:     12 months from the first drawdown',
    'Amortisation:             24 equal monthly instalments after the interest-only period',
    'Warrants:                 Warrant coverage of 10% of the Facility Amount',
    'Arrangement Fee:          1.5% of the Facility Amount, payable at signing',
    'Final Fee:                3% of the amounts drawn, payable at repayment',
    'Financial Covenants:      Minimum cash of €1,000,000 at all times',
  ].join('\n'),
];

export async function uploadDocument(
  app: FastifyInstance,
  token: string,
  dealId: string,
  name: string,
  pages: string[],
): Promise<TDocument> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/document-processing/process?async_processing=true',
    headers: {
      'content-type': 'multipart/form-data; boundary=----atempo-document-boundary',
      authorization: `Bearer ${token}`,
    },
    payload: multipartBody(await makePdf(pages), { filename: name, fields: { deal_id: dealId } }),
  });
  if (response.statusCode !== 202) throw new Error(`upload of ${name} answered ${response.statusCode}`);
  const document = await processed(app, token, (response.json() as { document_id: string }).document_id);
  if (document.status !== 'completed') throw new Error(`${name} was not analysed: ${document.error}`);
  return document;
}

export async function registerOrganisation(app: FastifyInstance, name: string): Promise<TAuthResponse> {
  const response = await call<TAuthResponse>(app, 'POST', '/api/v1/auth/register/organization', {
    body: {
      organization_name: `${name} ${Math.random().toString(36).slice(2, 8)}`,
      email: `ic-${Math.random().toString(36).slice(2, 10)}@example.com`,
      password: 'correct horse battery',
      first_name: 'Grace',
      last_name: 'Hopper',
    },
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return response.body;
}

/** The markdown before the sources list: what a reader reads as the memo's text. */
export const memoBody = (memo: Pick<TIcMemo, 'formatted_markdown'>) =>
  memo.formatted_markdown.split('\n## Sources\n')[0] ?? '';

/**
 * The record a footnote points at, read back through the API (not through the memo code): the
 * deal or company as GET answers it; for a document, every analysed item (metric, term, covenant,
 * risk) at the cited page or cell; for a calculation, its result worked again from its inputs.
 */
async function sourceOf(
  app: FastifyInstance,
  token: string,
  footnote: TIcMemoFootnote,
  memo: TIcMemo,
): Promise<unknown> {
  const { kind, id, location } = footnote.target;
  if (kind === 'deal' || kind === 'company') {
    const response = await call(app, 'GET', `/api/v1/${kind === 'deal' ? 'deals' : 'companies'}/${id}`, {
      token,
    });
    if (response.status !== 200)
      throw new Error(`footnote ${footnote.n}: ${kind} ${id} answered ${response.status}`);
    return response.body;
  }
  if (kind === 'document') {
    const response = await call<TDocument>(app, 'GET', `/api/v1/documents/${id}`, { token });
    const analysis = response.body.analysis;
    if (!analysis) throw new Error(`footnote ${footnote.n}: document ${id} has no analysis`);
    const items = [
      ...Object.values(analysis.key_metrics),
      ...Object.values(analysis.facility_terms?.terms ?? {}),
      ...(analysis.facility_terms?.covenants ?? []),
      ...analysis.risk_flag_details,
    ].filter((item) => (item?.source?.label ?? null) === location);
    if (items.length === 0)
      throw new Error(`footnote ${footnote.n}: nothing was read at ${location} of ${id}`);
    return items;
  }
  if (kind === 'calculation') return { result: recomputed(memo, footnote) };
  throw new Error(`footnote ${footnote.n}: unexpected source kind ${kind}`);
}

/**
 * The calculations a memo may cite, worked here from their inputs (never from the footnote's own
 * words): `input` is the figure the memo's metrics table states for a metric, which the check
 * holds to that row's own source.
 */
const CALCULATIONS: Record<string, (input: (label: string) => number | undefined) => number | undefined> = {
  'Calculation: runway': (input) => {
    const cash = input('Cash');
    const burn = input('Net burn');
    return cash !== undefined && burn ? cash / burn : undefined;
  },
  'Calculation: revenue in 12 months at the recorded growth': (input) => {
    const revenue = input('Revenue') ?? input('ARR');
    const growth = input('Revenue growth');
    return revenue !== undefined && growth !== undefined ? revenue * (1 + growth) : undefined;
  },
};

function recomputed(memo: TIcMemo, footnote: TIcMemoFootnote): number {
  const calculation = CALCULATIONS[footnote.source];
  if (!calculation) throw new Error(`footnote ${footnote.n}: no check recomputes "${footnote.source}"`);
  const result = calculation((label) => metricsTableFigure(memo, label));
  if (result === undefined)
    throw new Error(`footnote ${footnote.n}: the metrics table lacks the inputs of "${footnote.source}"`);
  return result;
}

/** The value the memo's metrics table gives a metric: "| Cash | €2,100,000[^5] | — |". */
function metricsTableFigure(memo: TIcMemo, label: string): number | undefined {
  for (const line of memoBody(memo).split('\n')) {
    const [, name, value] = line.split('|').map((cell) => cell.trim());
    if (name === label) return figuresIn(value?.replace(/\[\^\d+\]/g, '') ?? '')[0]?.readings[0]?.value;
  }
  return undefined;
}

/**
 * Every figure of the memo's text, checked against the source its footnote cites. The text is cut
 * after each run of markers: the figures of a piece must all be found in the records its markers
 * point at, and a piece with figures but no marker after it is a figure without a source.
 */
export async function unsourcedFigures(
  app: FastifyInstance,
  token: string,
  memo: TIcMemo,
): Promise<string[]> {
  const byNumber = new Map(memo.footnotes.map((footnote) => [footnote.n, footnote]));
  const sources = new Map<number, unknown>();
  const problems: string[] = [];
  for (const line of memoBody(memo).split('\n')) {
    for (const { text, notes } of citedPieces(line)) {
      if (notes.length === 0) {
        for (const figure of figuresIn(text)) problems.push(`"${figure.text}" has no footnote: ${line}`);
        continue;
      }
      const cited: unknown[] = [];
      for (const n of notes) {
        const footnote = byNumber.get(n);
        if (!footnote) {
          problems.push(`[^${n}] is not a footnote`);
          continue;
        }
        if (!sources.has(n)) sources.set(n, await sourceOf(app, token, footnote, memo));
        cited.push(sources.get(n));
      }
      for (const figure of findUnsupportedFigures(text, cited)) {
        problems.push(
          `"${figure}" is not in ${notes.map((n) => byNumber.get(n)?.source).join(' / ')}: ${text}`,
        );
      }
    }
  }
  return problems;
}

/** How many numbers a text states (dates and period labels aside). */
export const figureCount = (text: string) => figuresIn(text).length;
export { numbersIn };
