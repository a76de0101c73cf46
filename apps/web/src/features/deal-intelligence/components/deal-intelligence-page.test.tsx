import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  dealMetrics,
  makeAnalysis,
  makeIntelligence,
  makeListItem,
  makeMetric,
  makeUpdates,
} from '../../documents/testing/document-fixtures.ts';

const DEAL_ID = '7a000000-0000-4000-8000-0000000000d1';

afterEach(() => vi.useRealTimers());

function renderPage() {
  storeSession();
  const sheet = makeListItem({ name: 'Lumen model.xlsx', type: 'xlsx', deal_id: DEAL_ID });
  const terms = makeListItem({ name: 'Term sheet.docx', type: 'docx', deal_id: DEAL_ID });
  const broken = makeListItem({
    name: 'Scan.pdf',
    status: 'failed',
    error: 'The PDF is encrypted and cannot be read.',
    analysis: null,
    deal_id: DEAL_ID,
  });
  const facility = {
    terms: {
      facility_amount: {
        value: 5_000_000,
        unit: 'currency' as const,
        text: 'EUR 5,000,000',
        source: {
          kind: 'page' as const,
          page: 1,
          label: 'page 1',
          excerpt: 'a term loan facility of EUR 5,000,000',
        },
      },
      margin_over_base: {
        value: 0.065,
        unit: 'fraction' as const,
        text: 'EURIBOR + 6.5%',
        source: {
          kind: 'page' as const,
          page: 2,
          label: 'page 2',
          excerpt: 'Interest: EURIBOR + 6.5% per annum',
        },
      },
    },
    covenants: [{ text: 'Minimum cash of EUR 1,000,000 at all times.', source: null }],
  };
  const server = createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    [`GET /deals/${DEAL_ID}/intelligence`]: () =>
      jsonResponse(
        200,
        makeIntelligence(DEAL_ID, {
          documents: [sheet, terms, broken],
          documents_analysed: 2,
          summary: 'Lumen builds warehouse robots; ARR grew to €9.1m in FY2024.',
          key_metrics: dealMetrics(
            {
              arr: {
                value: 9_100_000,
                source: {
                  kind: 'cell',
                  sheet: 'P&L',
                  cell: 'C14',
                  label: 'P&L!C14',
                  excerpt: 'ARR | 9,100,000',
                },
              },
            },
            { document_id: sheet.id, document_name: sheet.name },
          ),
          risk_flags: [
            {
              text: 'Runway of 9 months is below 12 months.',
              source: {
                kind: 'cell',
                sheet: 'Cash',
                cell: 'B9',
                label: 'Cash!B9',
                excerpt: 'Runway (months) | 9',
              },
              document_id: sheet.id,
              document_name: sheet.name,
            },
          ],
          facility_terms: { ...facility, document_id: terms.id, document_name: terms.name },
        }),
      ),
    [`GET /deals/${DEAL_ID}/updates`]: () =>
      jsonResponse(
        200,
        makeUpdates(DEAL_ID, [
          {
            id: '0a000000-0000-4000-8000-000000000001',
            kind: 'document_analysed',
            summary: 'Lumen model.xlsx analysed: financial model',
            details: {},
            actor: 'Ada Lovelace',
            occurred_at: '2025-06-02T10:05:00.000Z',
          },
          {
            id: '0a000000-0000-4000-8000-000000000002',
            kind: 'stage_changed',
            summary: 'Stage changed from lead to qualified',
            details: {},
            actor: null,
            occurred_at: '2025-06-01T09:00:00.000Z',
          },
        ]),
      ),
    [`GET /document-processing/result/${sheet.id}`]: () =>
      jsonResponse(
        200,
        makeAnalysis({
          document_id: sheet.id,
          filename: sheet.name,
          document_type: 'financial_model',
          content_summary: 'Three-year model with monthly P&L.',
          key_metrics: {
            arr: makeMetric({
              value: 9_100_000,
              source: {
                kind: 'cell',
                sheet: 'P&L',
                cell: 'C14',
                label: 'P&L!C14',
                excerpt: 'ARR | 9,100,000',
              },
            }),
            cash: makeMetric({
              value: 1_840_000,
              currency: 'EUR',
              original: { value: 2_000_000, currency: 'USD', rate: 0.92, rate_date: '2025-01-31' },
              source: { kind: 'cell', sheet: 'BS', cell: 'D4', label: 'BS!D4', excerpt: 'Cash | $2,000,000' },
            }),
          },
        }),
      ),
    [`GET /document-processing/result/${terms.id}`]: () =>
      jsonResponse(
        200,
        makeAnalysis({
          document_id: terms.id,
          filename: terms.name,
          document_type: 'term_sheet',
          key_metrics: {},
          risk_flags: [],
          risk_flag_details: [],
          facility_terms: facility,
        }),
      ),
  });
  return { server, ...renderApp(`/deals/${DEAL_ID}/intelligence`, server) };
}

describe('Deal intelligence page (/deals/{id}/intelligence)', () => {
  it('shows the summary, the key metrics with sources, risk flags, facility terms and the activity', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Lumen Robotics — Deal Intelligence', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Lumen builds warehouse robots; ARR grew to €9.1m in FY2024.'),
    ).toBeInTheDocument();
    const keyMetrics = screen.getByRole('table', { name: 'Key metrics of the deal' });
    const arr = within(keyMetrics).getByRole('row', { name: /ARR/ });
    expect(arr).toHaveTextContent('€9.1M');
    expect(within(arr).getByRole('button', { name: 'Lumen model.xlsx, P&L!C14' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getAllByText('Runway of 9 months is below 12 months.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('EURIBOR + 6.5%').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Minimum cash of EUR 1,000,000 at all times.').length).toBeGreaterThan(0);
    expect(screen.getByText('Stage changed from lead to qualified')).toBeInTheDocument();
    expect(screen.getByText('Lumen model.xlsx analysed: financial model')).toBeInTheDocument();
  });

  it('shows the excerpt behind a source when it is clicked', async () => {
    renderPage();
    const user = userEvent.setup();
    const keyMetrics = await screen.findByRole('table', { name: 'Key metrics of the deal' });
    const source = within(keyMetrics).getByRole('button', { name: 'Lumen model.xlsx, P&L!C14' });
    expect(screen.queryByText('ARR | 9,100,000')).not.toBeInTheDocument();
    await user.click(source);
    expect(source).toHaveAttribute('aria-expanded', 'true');
    expect(within(keyMetrics).getByText('ARR | 9,100,000')).toBeInTheDocument();
    await user.click(source);
    expect(within(keyMetrics).queryByText('ARR | 9,100,000')).not.toBeInTheDocument();
  });

  it('lists every document with its type, figures and sources, terms, and failures', async () => {
    renderPage();
    const user = userEvent.setup();
    const model = await screen.findByRole('region', { name: 'Lumen model.xlsx' });
    expect(await within(model).findByText('Three-year model with monthly P&L.')).toBeInTheDocument();
    expect(within(model).getByText(/Financial model · 87% confidence/)).toBeInTheDocument();
    const figures = within(model).getByRole('table', { name: 'Figures found in Lumen model.xlsx' });
    expect(within(figures).getByRole('row', { name: /Cash/ })).toHaveTextContent('€1.8M');
    expect(
      within(figures).getByText('Stated as USD 2,000,000 (1 USD = 0.92 EUR on 2025-01-31)'),
    ).toBeInTheDocument();
    await user.click(within(figures).getByRole('button', { name: 'BS!D4' }));
    expect(within(figures).getByText('Cash | $2,000,000')).toBeInTheDocument();

    const terms = screen.getByRole('region', { name: 'Term sheet.docx' });
    expect(await within(terms).findByText('Facility amount')).toBeInTheDocument();
    expect(within(terms).getByText('EUR 5,000,000')).toBeInTheDocument();
    await user.click(within(terms).getByRole('button', { name: 'page 2' }));
    expect(within(terms).getByText('Interest: EURIBOR + 6.5% per annum')).toBeInTheDocument();

    const scan = screen.getByRole('region', { name: 'Scan.pdf' });
    expect(
      within(scan).getByText('Analysis failed: The PDF is encrypted and cannot be read.'),
    ).toBeInTheDocument();
  });

  it('looks again every 5 s while a document is being analysed, then shows its analysis', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const pending = makeListItem({
      name: 'Late.pdf',
      status: 'processing',
      analysis: null,
      deal_id: DEAL_ID,
    });
    let done = false;
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      [`GET /deals/${DEAL_ID}/intelligence`]: () =>
        jsonResponse(
          200,
          makeIntelligence(DEAL_ID, {
            documents: [done ? makeListItem({ ...pending, status: 'completed' }) : pending],
            documents_analysed: done ? 1 : 0,
          }),
        ),
      [`GET /deals/${DEAL_ID}/updates`]: () => jsonResponse(200, makeUpdates(DEAL_ID)),
      [`GET /document-processing/result/${pending.id}`]: () =>
        jsonResponse(200, makeAnalysis({ document_id: pending.id, content_summary: 'Arrived late.' })),
    });
    renderApp(`/deals/${DEAL_ID}/intelligence`, server);
    const late = await screen.findByRole('region', { name: 'Late.pdf' });
    expect(within(late).getByText('This document is still being analysed.')).toBeInTheDocument();
    done = true;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await within(late).findByText('Arrived late.')).toBeInTheDocument();
    expect(server.callsTo('GET', `/deals/${DEAL_ID}/updates`).length).toBeGreaterThan(1);
  });
});
