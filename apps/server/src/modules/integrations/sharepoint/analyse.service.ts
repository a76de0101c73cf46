import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  CONTENT_PREVIEW_CHARS,
  SHAREPOINT_MAX_FILE_BYTES,
  type TAnalyseSharePointDocumentRequest,
  type TDocumentAnalysis,
  type TKeyMetric,
  type TSharePointDocumentAnalysis,
  UPLOAD_TOO_LARGE_DETAIL,
} from '@atempo/contracts';
import { downloadItem } from '@atempo/integrations';
import { formatMoney, formatMonths, formatPercent } from '@atempo/scoring';
import type { Principal } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import {
  createDocumentFromUpload,
  getDocument,
  receiveStream,
  storedDocumentText,
} from '../../documents/index.ts';
import { driveIdOf, withGraph } from './browse.service.ts';

/** How long the call waits for the analysis before answering "processing" (the job goes on). */
const WAIT_FOR_ANALYSIS_MS = 20_000;
const POLL_MS = 250;

/**
 * Analyses one SharePoint or OneDrive file with the document pipeline, linked to the deal (or the
 * company) given: the file is streamed into the pipeline like an upload, and the answer is the
 * analysis when it is ready within a few seconds, else "processing" with the document to follow.
 */
export async function analyseDriveDocument(
  ctx: AppContext,
  principal: Principal,
  request: TAnalyseSharePointDocumentRequest,
): Promise<TSharePointDocumentAnalysis> {
  const created = await withGraph(ctx, principal, request.session_id, async (graph) => {
    const drive = await driveIdOf(graph, request.drive_id);
    const item = await graph.get<{ name?: string; size?: number; file?: unknown }>(
      `/drives/${encodeURIComponent(drive)}/items/${encodeURIComponent(request.item_id)}`,
    );
    if (!item.file) throw notFound('This item is a folder, not a file', 'NOT_A_FILE');
    if ((item.size ?? 0) > SHAREPOINT_MAX_FILE_BYTES)
      throw new AppError(413, 'UPLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_DETAIL);
    const content = await downloadItem(graph, drive, request.item_id, SHAREPOINT_MAX_FILE_BYTES);
    const received = await receiveStream(
      Readable.fromWeb(content.body as WebReadableStream<Uint8Array>),
      item.name ?? 'document',
      path.join(ctx.config.dataDir, 'tmp', 'uploads'),
    );
    try {
      return await createDocumentFromUpload(ctx, principal, received, {
        ...(request.deal_id ? { deal_id: request.deal_id } : {}),
        ...(request.company_name ? { company_name: request.company_name } : {}),
      });
    } finally {
      await received.discard();
    }
  });
  const document = await waitForAnalysis(ctx, principal.organizationId, created.document_id);
  const analysis = document.analysis;
  const preview = analysis ? await contentPreview(ctx, principal.organizationId, created.document_id) : '';
  return {
    filename: created.filename,
    fileType: document.type,
    fileSize: created.file_size,
    contentPreview: preview,
    document_id: created.document_id,
    status: document.status as TSharePointDocumentAnalysis['status'],
    analysis: {
      documentType: analysis?.document_type ?? null,
      summary: analysis?.content_summary ?? document.error ?? null,
      keyMetrics: analysis ? metricsOf(analysis) : [],
      riskFlags: analysis?.risk_flags ?? [],
      actionItems: analysis?.action_items ?? [],
      canAnalyse: document.status !== 'failed',
    },
  };
}

async function waitForAnalysis(ctx: AppContext, organizationId: string, documentId: string) {
  const deadline = Date.now() + WAIT_FOR_ANALYSIS_MS;
  for (;;) {
    const document = await getDocument(ctx.db, organizationId, documentId);
    if (document.status !== 'processing' || Date.now() >= deadline) return document;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The first 500 characters of the document's text, as it reads (spec 03 §9). */
async function contentPreview(ctx: AppContext, organizationId: string, documentId: string): Promise<string> {
  const text = await storedDocumentText(ctx)(organizationId, documentId);
  if (!text) return '';
  const pages = text.extracted.pages.map((page) => page.text);
  const sheets = text.extracted.sheets.map((sheet) =>
    sheet.cells
      .slice(0, 200)
      .map((cell) => cell.text)
      .join(' '),
  );
  const all = [...pages, ...sheets].join('\n').replace(/\s+/g, ' ').trim();
  return [...all].slice(0, CONTENT_PREVIEW_CHARS).join('');
}

const grouped = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/**
 * A figure as the analysis panel shows it: amounts short, as everywhere else in Atempo ('€8M',
 * '€600k'; another currency with its code and grouped digits), not 'EUR 8000000'.
 */
export function metricValue(metric: TKeyMetric): string {
  const period = metric.period ? ` (${metric.period})` : '';
  switch (metric.unit) {
    case 'currency':
      if (metric.currency && metric.currency !== 'EUR')
        return `${metric.currency} ${grouped.format(metric.value)}${period}`;
      return formatMoney(metric.value) + period;
    case 'fraction':
      return formatPercent(metric.value) + period;
    case 'months':
      return formatMonths(metric.value) + period;
    case 'ratio':
      return `${grouped.format(metric.value)}×${period}`;
    default:
      return grouped.format(metric.value) + period;
  }
}

function metricsOf(analysis: TDocumentAnalysis): { name: string; value: string }[] {
  return Object.entries(analysis.key_metrics).map(([name, metric]) => ({
    name,
    value: metricValue(metric as TKeyMetric),
  }));
}
