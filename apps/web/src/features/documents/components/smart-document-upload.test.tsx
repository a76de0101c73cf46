import type { TDocumentAnalysis, TDocumentUploadResponse, TWorkflowStatus } from '@atempo/contracts';
import { UPLOAD_SKIPPED_ALERT } from '@atempo/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '../../../test/fakes.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { makeDeal, renderDealsPage } from '../../deals/testing/deal-fixtures.ts';
import {
  makeAnalysis,
  makeIntelligence,
  makeMetric,
  makeUploadResponse,
  makeWorkflowStatus,
} from '../testing/document-fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const pdf = (name: string) => new File(['%PDF-1.7 fake'], name, { type: 'application/pdf' });

interface FilePlan {
  statuses?: Partial<TWorkflowStatus>[];
  analysis?: Partial<TDocumentAnalysis>;
  /** The upload itself is refused with this status and detail. */
  refuse?: [number, string];
  /** Fields of the upload's answer (duplicate_of). */
  answer?: Partial<TDocumentUploadResponse>;
}

/**
 * A fake document server for the planned files: each upload gets an execution whose statuses are
 * answered in turn (the last one repeats), then its analysis.
 */
function documentServer(plan: Record<string, FilePlan>) {
  const uploads: { name: string; form: FormData }[] = [];
  const routes: Record<string, (call: RecordedCall) => Response> = {};
  const planned = new Map(
    Object.entries(plan).map(([name, filePlan]) => [
      name,
      { ...filePlan, upload: makeUploadResponse({ filename: name, ...filePlan.answer }) },
    ]),
  );
  const done: Partial<TWorkflowStatus>[] = [{ status: 'completed', progress: 100 }];
  for (const [name, { upload, statuses = done, analysis }] of planned) {
    let index = 0;
    routes[`GET /agents/workflows/${upload.execution_id}/status`] = () => {
      const next = statuses[Math.min(index, statuses.length - 1)];
      index += 1;
      return jsonResponse(200, makeWorkflowStatus({ execution_id: upload.execution_id, ...next }));
    };
    routes[`GET /document-processing/result/${upload.document_id}`] = () =>
      jsonResponse(200, makeAnalysis({ document_id: upload.document_id, filename: name, ...analysis }));
  }
  routes['POST /workflows/document-processing'] = (call) => {
    const form = call.body as FormData;
    const file = form.get('file') as File;
    uploads.push({ name: file.name, form });
    const entry = planned.get(file.name);
    if (!entry) return jsonResponse(500, { detail: 'unplanned', code: 'X' });
    if (entry.refuse) return jsonResponse(entry.refuse[0], { detail: entry.refuse[1], code: 'REFUSED' });
    return jsonResponse(entry.upload.duplicate_of ? 200 : 202, entry.upload);
  };
  return { uploads, routes };
}

async function openPanelUpload(documents: ReturnType<typeof documentServer>) {
  const deal = makeDeal({ company: 'Lumen Robotics' });
  const rendered = renderDealsPage([deal], {
    [`GET /deals/${deal.id}/intelligence`]: () => jsonResponse(200, makeIntelligence(deal.id)),
    ...documents.routes,
  });
  const user = userEvent.setup({ applyAccept: false, advanceTimers: vi.advanceTimersByTime });
  await user.click(await screen.findByRole('button', { name: /^Open deal #/ }));
  const panel = await screen.findByRole('dialog', { name: 'Lumen Robotics' });
  const upload = await within(panel).findByRole('region', { name: 'Smart Document Upload' });
  return { ...rendered, user, panel, upload, deal };
}

const item = (upload: HTMLElement, name: string) => within(upload).getByRole('listitem', { name });

describe('Smart Document Upload in the deal side panel', () => {
  it("skips files that are not PDF, Word or Excel or are over 10 MB, with the spec's alert on the page", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const documents = documentServer({ 'deck.pdf': {} });
    const { user, upload } = await openPanelUpload(documents);
    const big = new File(['x'], 'model.xlsx');
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    await user.upload(within(upload).getByLabelText('Documents to analyse'), [
      pdf('deck.pdf'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      big,
    ]);
    // the page's own alert, never the browser's
    expect(alert).not.toHaveBeenCalled();
    expect(within(upload).getByRole('alert')).toHaveTextContent(UPLOAD_SKIPPED_ALERT);
    expect(UPLOAD_SKIPPED_ALERT).toBe(
      'Some files were skipped. Only PDF, Word, and Excel files under 10MB are supported.',
    );
    const files = within(upload).getByRole('list', { name: 'Uploaded files' });
    expect([...files.children].map((row) => row.getAttribute('aria-label'))).toEqual(['deck.pdf']);
    await waitFor(() => expect(documents.uploads).toHaveLength(1));
  });

  it('sends deal_id, company_name and the file, shows the progress, then the analysis with its sources', async () => {
    const documents = documentServer({
      'deck.pdf': {
        statuses: [
          { status: 'running', stage: 'extracting', progress: 20 },
          { status: 'running', stage: 'finding_metrics', progress: 60 },
          { status: 'completed', stage: 'completed', progress: 100 },
        ],
        analysis: {
          document_type: 'pitch_deck',
          confidence_score: 0.87,
          key_metrics: {
            arr: makeMetric({
              value: 8_400_000,
              source: { kind: 'slide', page: 4, label: 'slide 4', excerpt: 'ARR €8.4m' },
            }),
            gross_margin: makeMetric({
              value: 0.72,
              unit: 'fraction',
              currency: null,
              source: { kind: 'cell', sheet: 'P&L', cell: 'C14', label: 'P&L!C14', excerpt: '72%' },
            }),
          },
        },
      },
    });
    const { user, upload, deal } = await openPanelUpload(documents);
    await user.upload(within(upload).getByLabelText('Documents to analyse'), [pdf('deck.pdf')]);

    const row = () => item(upload, 'deck.pdf');
    await waitFor(() => expect(within(row()).getByText('Analysing')).toBeInTheDocument());
    const form = documents.uploads[0]?.form as FormData;
    expect(form.get('deal_id')).toBe(deal.id);
    expect(form.get('company_name')).toBe('Lumen Robotics');
    expect((form.get('file') as File).name).toBe('deck.pdf');
    await waitFor(() =>
      expect(within(row()).getByRole('progressbar', { name: 'Analysis of deck.pdf' })).toHaveAttribute(
        'aria-valuenow',
        '20',
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() =>
      expect(within(row()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60'),
    );
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(within(row()).getByText('Completed')).toBeInTheDocument());
    expect(await within(row()).findByText('Pitch deck')).toBeInTheDocument();
    expect(within(row()).getByText(/87% confidence/)).toBeInTheDocument();
    const figures = within(row()).getByRole('list', { name: 'Figures found in deck.pdf' });
    expect(within(figures).getByText('€8.4M')).toBeInTheDocument();
    expect(within(figures).getByText('slide 4')).toBeInTheDocument();
    expect(within(figures).getByText('72%')).toBeInTheDocument();
    expect(within(figures).getByText('P&L!C14')).toBeInTheDocument();
  });

  it('analyses files one after another: the second waits as pending until the first is done', async () => {
    const documents = documentServer({
      'first.pdf': {
        statuses: [
          { status: 'running', progress: 30 },
          { status: 'completed', progress: 100 },
        ],
      },
      'second.docx': { statuses: [{ status: 'completed', progress: 100 }] },
    });
    const { user, upload } = await openPanelUpload(documents);
    await user.upload(within(upload).getByLabelText('Documents to analyse'), [
      pdf('first.pdf'),
      new File(['PK'], 'second.docx'),
    ]);
    await waitFor(() => expect(within(item(upload, 'first.pdf')).getByText('Analysing')).toBeInTheDocument());
    expect(within(item(upload, 'second.docx')).getByText('Pending')).toBeInTheDocument();
    expect(documents.uploads.map((entry) => entry.name)).toEqual(['first.pdf']);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() =>
      expect(within(item(upload, 'second.docx')).getByText('Completed')).toBeInTheDocument(),
    );
    expect(within(item(upload, 'first.pdf')).getByText('Completed')).toBeInTheDocument();
    expect(documents.uploads.map((entry) => entry.name)).toEqual(['first.pdf', 'second.docx']);
  });

  it("shows 'Analysis failed: {message}' for a failed workflow and for a refused upload, and goes on", async () => {
    const documents = documentServer({
      'locked.pdf': {
        statuses: [{ status: 'failed', progress: 10, error: 'The PDF is encrypted and cannot be read.' }],
      },
      'fake.pdf': {
        refuse: [415, 'Only PDF, Word (.doc, .docx) and Excel (.xls, .xlsx) files are supported.'],
      },
      'good.pdf': {},
    });
    const { user, upload } = await openPanelUpload(documents);
    await user.upload(within(upload).getByLabelText('Documents to analyse'), [
      pdf('locked.pdf'),
      pdf('fake.pdf'),
      pdf('good.pdf'),
    ]);
    await waitFor(() => expect(within(item(upload, 'good.pdf')).getByText('Completed')).toBeInTheDocument());
    expect(within(item(upload, 'locked.pdf')).getByText('Error')).toBeInTheDocument();
    expect(within(item(upload, 'locked.pdf')).getByRole('alert')).toHaveTextContent(
      'Analysis failed: The PDF is encrypted and cannot be read.',
    );
    expect(within(item(upload, 'fake.pdf')).getByRole('alert')).toHaveTextContent(
      'Analysis failed: Only PDF, Word (.doc, .docx) and Excel (.xls, .xlsx) files are supported.',
    );
  });

  it("stops after 150 polls with 'Workflow execution timeout'", async () => {
    const documents = documentServer({ 'slow.pdf': { statuses: [{ status: 'running', progress: 40 }] } });
    const { user, upload, server } = await openPanelUpload(documents);
    await user.upload(within(upload).getByLabelText('Documents to analyse'), [pdf('slow.pdf')]);
    await waitFor(() => expect(within(item(upload, 'slow.pdf')).getByText('Analysing')).toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(149 * 2000));
    await waitFor(() =>
      expect(within(item(upload, 'slow.pdf')).getByRole('alert')).toHaveTextContent(
        'Analysis failed: Workflow execution timeout',
      ),
    );
    const polls = server.fetch.calls.filter((call) => call.url.includes('/agents/workflows/'));
    expect(polls).toHaveLength(150);
  });

  it('takes several files dropped on the drop area', async () => {
    const documents = documentServer({ 'a.pdf': {}, 'b.xlsx': {} });
    const { upload } = await openPanelUpload(documents);
    const dropzone = within(upload).getByTestId('upload-dropzone');
    fireEvent.dragOver(dropzone, { dataTransfer: { files: [] } });
    fireEvent.drop(dropzone, { dataTransfer: { files: [pdf('a.pdf'), new File(['PK'], 'b.xlsx')] } });
    await waitFor(() => expect(within(item(upload, 'b.xlsx')).getByText('Completed')).toBeInTheDocument());
    expect(documents.uploads.map((entry) => entry.name)).toEqual(['a.pdf', 'b.xlsx']);
  });

  it('says before its figures that a document is about another company, and when a file is a duplicate', async () => {
    const message = 'This document appears to be about Costco Wholesale Corporation, not Lumen Robotics.';
    const documents = documentServer({
      'annual-report.pdf': {
        analysis: {
          key_metrics: { revenue: makeMetric({ value: 16_900_000_000 }) },
          other_company: {
            name: 'Costco Wholesale Corporation',
            expected_company: 'Lumen Robotics',
            message,
            source: { kind: 'page', page: 1, label: 'page 1', excerpt: 'Costco Wholesale Corporation' },
          },
        },
      },
      'copy.pdf': {
        answer: {
          deduplicated: true,
          duplicate_of: {
            document_id: '0d000000-0000-4000-8000-0000000000cc',
            name: 'annual-report.pdf',
            uploaded_at: '2026-11-28T10:00:00.000Z',
            message:
              'This file is already on the deal as annual-report.pdf (uploaded 2026-11-28); it was not analysed again.',
          },
        },
      },
    });
    const { user, upload } = await openPanelUpload(documents);
    await user.upload(within(upload).getByLabelText('Documents to analyse'), [
      pdf('annual-report.pdf'),
      pdf('copy.pdf'),
    ]);
    const report = item(upload, 'annual-report.pdf');
    const warning = await within(report).findByText(message);
    const figures = within(report).getByRole('list', { name: 'Figures found in annual-report.pdf' });
    expect(warning.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      await within(item(upload, 'copy.pdf')).findByText(/already on the deal as annual-report\.pdf/),
    ).toBeInTheDocument();
  });
});
