import type { TDocument, TKnowledgeSearchResult } from '@atempo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeAnalysis, makeListItem, makeMetric } from '../../documents/testing/document-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const deck = makeListItem({
  name: 'Lumen pitch deck.pdf',
  size: 52_224,
  created_by: 'Ada Lovelace',
  created_at: '2025-06-02T10:00:00.000Z',
  company_names: ['Lumen Robotics', 'Lumen GmbH', 'Lumen Robotics'],
  analysis: {
    document_type: 'pitch_deck',
    confidence_score: 0.87,
    content_summary: 'Lumen builds warehouse robots.',
    key_metrics: {
      arr: makeMetric({ value: 8_400_000 }),
      gross_margin: makeMetric({ value: 0.72, unit: 'fraction', currency: null }),
      cash: makeMetric({ value: 3_000_000 }),
    },
    risk_flags: ['Runway below 12 months.', 'Customer concentration above 40%.'],
    risk_flag_count: 5,
  },
});
const sheet = makeListItem({
  name: 'Orbit financial model.xlsx',
  type: 'xlsx',
  size: 2048,
  created_by: 'Grace Hopper',
  company_names: ['Orbit Energy'],
  analysis: {
    document_type: 'financial_model',
    confidence_score: 0.6,
    content_summary: 'A five-year model.',
    key_metrics: {},
    risk_flags: [],
    risk_flag_count: 0,
  },
});
const terms = makeListItem({
  name: 'Facility agreement.docx',
  type: 'docx',
  size: 10_000,
  created_by: 'Alan Turing',
  company_names: ['Nimbus Health'],
  analysis: null,
  status: 'processing',
});

function hit(document: typeof deck, overrides: Partial<TKnowledgeSearchResult> = {}): TKnowledgeSearchResult {
  return {
    document_id: document.id,
    doc_type: 'document',
    created_at: document.created_at,
    content: 'x'.repeat(250),
    score: 0.834,
    metadata: {
      filename: document.name,
      subject: null,
      name: document.name,
      company_name: document.company_names[0] ?? null,
      company_names: document.company_names,
      company_ids: [],
      date: document.created_at,
      size: document.size,
      file_size: document.size,
      format: document.type,
      document_type: document.analysis?.document_type ?? null,
      deal_id: null,
      created_by: document.created_by,
      sender: null,
      modified_at: null,
      processed_at: null,
      url: document.url,
      analysis: document.analysis,
      location: { kind: 'page', page: 2, label: 'page 2' },
    },
    ...overrides,
  };
}

function renderHub(routes: Record<string, ApiRoute> = {}, path = '/knowledge') {
  storeSession();
  const server = createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /documents/recent': () => jsonResponse(200, { documents: [deck, sheet, terms] }),
    ...routes,
  });
  return { server, ...renderApp(path, server) };
}

const card = (name: string) => screen.getByRole('region', { name });
const searchCalls = (server: ReturnType<typeof createFakeApi>) => server.callsTo('POST', '/knowledge/search');

describe('Knowledge Hub (spec 02)', () => {
  it('shows the heading, subtitle, search, the five filters, Refresh and the four counters', async () => {
    const { server } = renderHub();
    expect(await screen.findByRole('heading', { name: 'Knowledge Hub', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('AI-powered document intelligence')).toBeInTheDocument();
    expect(screen.getByLabelText('Search documents')).toHaveAttribute(
      'placeholder',
      'Search documents, companies, or authors...',
    );
    expect(
      within(screen.getByLabelText('Show'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Documents', 'Analysed with AI', 'Pending Analysis', 'Term Sheets', 'Financial Models']);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    const counter = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(counter('Total Documents')).toBe('3');
    expect(counter('Pitch Decks')).toBe('1');
    expect(counter('PDF Documents')).toBe('1');
    expect(counter('Text Files')).toBe('1');
    expect(new URL(server.callsTo('GET', '/documents/recent')[0]?.url ?? '').searchParams.get('limit')).toBe(
      '20',
    );
  });

  it('shows every field of a document card and the analysis box limits', async () => {
    renderHub();
    await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    const lumen = card('Lumen pitch deck.pdf');
    expect(within(lumen).getByText('AI Analysed')).toBeInTheDocument();
    expect(within(lumen).getByText('By Ada Lovelace')).toBeInTheDocument();
    expect(within(lumen).getByText('2 Jun 2025')).toBeInTheDocument();
    expect(within(lumen).getByText('51.0 KB')).toBeInTheDocument();
    expect(within(lumen).getByText('Lumen Robotics, Lumen GmbH')).toBeInTheDocument();
    expect(within(lumen).getByText('Pitch deck')).toBeInTheDocument();
    expect(within(lumen).getByText('87% confidence')).toBeInTheDocument();
    expect(within(lumen).getByText('€8.4M')).toBeInTheDocument();
    expect(within(lumen).getByText('72%')).toBeInTheDocument();
    expect(within(lumen).queryByText('€3.0M')).not.toBeInTheDocument();
    expect(within(lumen).getByText('Lumen builds warehouse robots.')).toBeInTheDocument();
    expect(within(lumen).getByText('Runway below 12 months.')).toBeInTheDocument();
    expect(within(lumen).getByText('Customer concentration above 40%.')).toBeInTheDocument();
    expect(within(lumen).getByText('+3 more risks')).toBeInTheDocument();
    // No relevance on the plain list: only search hits have one.
    expect(within(lumen).queryByText(/relevant/)).not.toBeInTheDocument();
    expect(within(card('Orbit financial model.xlsx')).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(card('Facility agreement.docx')).queryByText('AI Analysed')).not.toBeInTheDocument();
  });

  it('filters on the client', async () => {
    renderHub();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    const names = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await user.selectOptions(screen.getByLabelText('Show'), 'analysed');
    expect(names()).toEqual(['Lumen pitch deck.pdf', 'Orbit financial model.xlsx']);
    await user.selectOptions(screen.getByLabelText('Show'), 'pending');
    expect(names()).toEqual(['Facility agreement.docx']);
    await user.selectOptions(screen.getByLabelText('Show'), 'financial_models');
    expect(names()).toEqual(['Orbit financial model.xlsx']);
    await user.selectOptions(screen.getByLabelText('Show'), 'term_sheets');
    expect(screen.getByText('No documents found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument();
  });

  it('searches 1 s after the last keystroke and shows relevance and a 200-character preview', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderHub({
      'POST /knowledge/search': () => jsonResponse(200, { results: [hit(deck)], query: 'robots', total: 1 }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    await user.type(screen.getByLabelText('Search documents'), 'robots');
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(searchCalls(server)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    await waitFor(() => expect(searchCalls(server)).toHaveLength(1));
    expect(searchCalls(server)[0]?.body).toEqual({ query: 'robots', limit: 20, doc_types: ['document'] });
    const lumen = await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    expect(await within(lumen).findByText('83% relevant')).toBeInTheDocument();
    expect(within(lumen).getByText(`${'x'.repeat(200)}…`)).toHaveTextContent(`page 2: ${'x'.repeat(200)}…`);
    expect(screen.queryByRole('region', { name: 'Orbit financial model.xlsx' })).not.toBeInTheDocument();
  });

  it('shows the empty state with the upload hint when there are no documents', async () => {
    renderHub({ 'GET /documents/recent': () => jsonResponse(200, { documents: [] }) });
    expect(await screen.findByText('No documents found')).toBeInTheDocument();
    expect(
      screen.getByText('Upload documents via SharePoint integration to see them here.'),
    ).toBeInTheDocument();
  });

  it('falls back to the search list when the recent list fails', async () => {
    const { server } = renderHub({
      'GET /documents/recent': () => jsonResponse(503, { detail: 'down', code: 'DOWN' }),
      'POST /knowledge/search': () =>
        jsonResponse(200, { results: [hit(sheet, { score: 0 })], query: '', total: 1 }),
    });
    const orbit = await screen.findByRole('region', { name: 'Orbit financial model.xlsx' });
    expect(searchCalls(server)[0]?.body).toEqual({ query: '', limit: 20, doc_types: ['document'] });
    expect(within(orbit).queryByText(/relevant/)).not.toBeInTheDocument();
    expect(screen.queryByText(/built-in sample/)).not.toBeInTheDocument();
  });

  it('shows one sample document, labelled as such, when both calls fail', async () => {
    renderHub({
      'GET /documents/recent': () => jsonResponse(503, { detail: 'down', code: 'DOWN' }),
      'POST /knowledge/search': () => jsonResponse(503, { detail: 'down', code: 'DOWN' }),
    });
    const sample = await screen.findByRole('region', { name: 'Sample document.pdf' });
    expect(within(sample).getByText('Sample, not your data')).toBeInTheDocument();
    expect(within(sample).getByRole('button', { name: /View Document/ })).toBeDisabled();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(screen.getByText(/a built-in sample is shown in their place/)).toBeInTheDocument();
  });

  it('filters locally by name, author and company when the search fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHub({ 'POST /knowledge/search': () => jsonResponse(500, { detail: 'boom', code: 'X' }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    const names = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const search = async (text: string) => {
      await user.clear(screen.getByLabelText('Search documents'));
      await user.type(screen.getByLabelText('Search documents'), text);
      await act(() => vi.advanceTimersByTimeAsync(1100));
    };
    await search('grace');
    await waitFor(() => expect(screen.getByText(/Search is unavailable right now/)).toBeInTheDocument());
    expect(names()).toEqual(['Orbit financial model.xlsx']);
    await search('nimbus');
    await waitFor(() => expect(names()).toEqual(['Facility agreement.docx']));
    await search('PITCH');
    await waitFor(() => expect(names()).toEqual(['Lumen pitch deck.pdf']));
  });

  it('opens View Document in a new tab, fetched with the session', async () => {
    const tab = { document: { title: '' }, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/doc');
    URL.revokeObjectURL = vi.fn();
    const { server } = renderHub({
      [`GET /documents/${deck.id}/download`]: () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const user = userEvent.setup();
    const lumen = await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    await user.click(within(lumen).getByRole('button', { name: 'View Document Lumen pitch deck.pdf' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(server.callsTo('GET', `/documents/${deck.id}/download`)).toHaveLength(1));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/doc'));
    const download = server.callsTo('GET', `/documents/${deck.id}/download`)[0];
    expect(download?.headers.Authorization).toBe('Bearer access-token-1');
  });

  it('loads the list again on Refresh', async () => {
    const { server } = renderHub();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' });
    expect(server.callsTo('GET', '/documents/recent')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('GET', '/documents/recent')).toHaveLength(2));
  });
});

describe('a document opened from search (?document=)', () => {
  // An older document, not among the recent ones, with its whole analysis.
  const memo = makeListItem({ name: 'Nimbus credit memo.pdf', company_names: ['Nimbus Health'] });
  const memoDocument: TDocument = {
    ...memo,
    sha256: 'a'.repeat(64),
    analysis: makeAnalysis({
      document_id: memo.id,
      document_type: 'financial_statements',
      content_summary: 'Nimbus Health closed FY2024 with €3.1m revenue.',
      key_metrics: {
        revenue: makeMetric({ value: 3_100_000 }),
        ebitda: makeMetric({ value: -400_000 }),
        cash: makeMetric({ value: 900_000 }),
      },
      risk_flags: ['EBITDA is negative.', 'Cash covers 5 months.', 'Auditor raised going-concern doubts.'],
    }),
  };

  it('opens that document first, with its analysis, until dismissed', async () => {
    const { router } = renderHub(
      { [`GET /documents/${memo.id}`]: () => jsonResponse(200, memoDocument) },
      `/knowledge?document=${memo.id}`,
    );
    const spotlight = await screen.findByRole('region', { name: 'Document from your search' });
    const opened = await within(spotlight).findByRole('region', { name: 'Nimbus credit memo.pdf' });
    expect(within(opened).getByText('AI Analysed')).toBeInTheDocument();
    expect(within(opened).getByText('Nimbus Health closed FY2024 with €3.1m revenue.')).toBeInTheDocument();
    expect(within(opened).getByText('EBITDA is negative.')).toBeInTheDocument();
    expect(within(opened).getByText('Cash covers 5 months.')).toBeInTheDocument();
    expect(within(opened).getByText('+1 more risks')).toBeInTheDocument();
    expect(within(opened).getAllByRole('term')).toHaveLength(4 + 2);
    expect(
      within(opened).getByRole('button', { name: 'View Document Nimbus credit memo.pdf' }),
    ).toBeEnabled();
    await waitFor(() => expect(spotlight).toHaveFocus());
    // The recent list is still there below it.
    expect(await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' })).toBeInTheDocument();

    await userEvent.click(within(spotlight).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Document from your search' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("says so when the document is not found (another organisation's, or deleted)", async () => {
    renderHub(
      {
        [`GET /documents/${memo.id}`]: () =>
          jsonResponse(404, { detail: 'Document not found', code: 'DOCUMENT_NOT_FOUND' }),
      },
      `/knowledge?document=${memo.id}`,
    );
    const spotlight = await screen.findByRole('region', { name: 'Document from your search' });
    expect(await within(spotlight).findByText('Document not found')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Lumen pitch deck.pdf' })).toBeInTheDocument();
  });
});
