import type {
  TExportIcMemoPdfRequest,
  TIcMemo,
  TIcMemoVersionsResponse,
  TSendIcMemoEmailRequest,
  TSendIcMemoEmailResponse,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { authorizedFetch } from '../../deals/api/authorized-fetch.ts';
import { type DownloadedFile, saveFile } from '../../deals/api/export-deals.ts';
import { filenameFromContentDisposition } from '../../deals/lib/content-disposition.ts';
import {
  AGENT_TIMEOUT_TEXT,
  agentFailedText,
  EXPORT_PDF_FAILED,
  emailFailedText,
  generationFailedText,
  sendEmailFailedText,
  statusTextOf,
} from '../lib/ic-texts.ts';

/** A failure whose alert text is already the spec's. */
export class IcAlertError extends Error {}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };
const postJson = (path: string, body: unknown, signal?: AbortSignal) =>
  authorizedFetch(path, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), signal });

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error);

/** The agent generator's IC package (spec 02 §3), read leniently: it is another service's shape. */
export interface AgentIcPackage {
  executive_summary?: string;
  /** A sentence, or {decision, rationale}. */
  investment_recommendation?: unknown;
  deal_terms?: { facility_amount?: number | string | null };
  financial_analysis?: { revenue_forecast?: unknown; debt_capacity?: unknown };
  risk_assessment?: { overall_risk_rating?: string | null };
}

export type IcGenerationResult =
  | { kind: 'memo'; memo: TIcMemo }
  | { kind: 'agent'; icPackage: AgentIcPackage };

/** The spec's 2-minute limit for the agent generator (spec 02 §7, §9). */
export const AGENT_TIMEOUT_MS = 120_000;

const mentionsNotConfigured = (text: string) => /not[_ ]configured/i.test(text);

/**
 * POST /ic-preparation/generate; when its error mentions not_configured (no model set up for the
 * fast generator) the slower agent generator answers instead (spec 02 §4).
 */
export async function generateIcMaterials(dealId: string, companyName: string): Promise<IcGenerationResult> {
  let response: Response;
  try {
    response = await postJson('/ic-preparation/generate', { deal_id: dealId, company_name: companyName });
  } catch (error) {
    throw new IcAlertError(`Failed to generate IC materials: ${messageOf(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    if (mentionsNotConfigured(text)) return generateWithAgent(dealId, companyName);
    throw new IcAlertError(generationFailedText(response.status, statusTextOf(response)));
  }
  const body = parseJson(text) as (TIcMemo & { status?: string; error?: string }) | null;
  if (body?.status === 'error' && mentionsNotConfigured(String(body.error ?? ''))) {
    return generateWithAgent(dealId, companyName);
  }
  if (!body?.id) throw new IcAlertError(generationFailedText(response.status, statusTextOf(response)));
  return { kind: 'memo', memo: body };
}

/** POST /smolagent-ic-preparation/generate, given up after two minutes. */
export async function generateWithAgent(dealId: string, companyName: string): Promise<IcGenerationResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), AGENT_TIMEOUT_MS);
  try {
    const response = await postJson(
      '/smolagent-ic-preparation/generate',
      {
        deal_id: String(dealId),
        company_name: companyName,
        use_real_smolagent: true,
        use_proper_tools: true,
        use_parallel: true,
      },
      controller.signal,
    );
    const text = await response.text();
    const body = parseJson(text) as Record<string, unknown> | null;
    if (!response.ok) {
      const detail =
        typeof body?.detail === 'string' ? body.detail : `${response.status} ${statusTextOf(response)}`;
      throw new IcAlertError(agentFailedText(detail.trim()));
    }
    if (!body) throw new IcAlertError(agentFailedText('the agent answered no IC package'));
    if (body.status === 'error')
      throw new IcAlertError(agentFailedText(String(body.error ?? 'Unknown error')));
    const icPackage = (body.ic_package ?? body.package ?? body) as AgentIcPackage;
    return { kind: 'agent', icPackage };
  } catch (error) {
    if (error instanceof IcAlertError) throw error;
    if (controller.signal.aborted) throw new IcAlertError(AGENT_TIMEOUT_TEXT);
    throw new IcAlertError(agentFailedText(messageOf(error)));
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export const icMemoKeys = {
  memo: (id: string) => ['ic-memos', id] as const,
  versions: (dealId: string) => ['ic-memos', 'deal', dealId] as const,
};

/** GET /ic-memos/{id}: one version, whole. */
export const icMemoQuery = (id: string) =>
  queryOptions({
    queryKey: icMemoKeys.memo(id),
    queryFn: ({ signal }) => api.get<TIcMemo>(`/ic-memos/${encodeURIComponent(id)}`, { signal }),
    // A stored version never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /deals/{id}/ic-memos: the deal's versions, newest first. */
export const dealIcMemosQuery = (dealId: string) =>
  queryOptions({
    queryKey: icMemoKeys.versions(dealId),
    queryFn: ({ signal }) =>
      api.get<TIcMemoVersionsResponse>(`/deals/${encodeURIComponent(dealId)}/ic-memos`, { signal }),
  });

const FULL_EXPORT: TExportIcMemoPdfRequest = {
  transformation_mode: 'full',
  include_financials: true,
  include_risks: true,
  include_recommendations: true,
};

/** POST /ic-memos/{id}/export-pdf, saved under the server's file name, else ic_memo_{id}.pdf. */
export async function exportIcMemoPdf(memoId: string): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await authorizedFetch(`/ic-memos/${encodeURIComponent(memoId)}/export-pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify(FULL_EXPORT),
    });
  } catch {
    throw new IcAlertError(EXPORT_PDF_FAILED);
  }
  if (!response.ok) throw new IcAlertError(EXPORT_PDF_FAILED);
  const file = {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(
      response.headers.get('Content-Disposition'),
      `ic_memo_${memoId}.pdf`,
    ),
  };
  return file;
}

export { saveFile };

/** POST /ic-preparation/{id}/email. */
export async function emailIcMemo(
  memoId: string,
  body: TSendIcMemoEmailRequest,
): Promise<TSendIcMemoEmailResponse> {
  let response: Response;
  try {
    response = await postJson(`/ic-preparation/${encodeURIComponent(memoId)}/email`, body);
  } catch (error) {
    throw new IcAlertError(sendEmailFailedText(messageOf(error)));
  }
  if (!response.ok) throw new IcAlertError(emailFailedText(response.status, statusTextOf(response)));
  return (await response.json()) as TSendIcMemoEmailResponse;
}
