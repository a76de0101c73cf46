import {
  IC_MEMO_VERSIONS_MAX_LIMIT,
  type TExportIcMemoPdfRequest,
  type TGroqIcMemoResponse,
  type TIcMemo,
  type TIcMemoVersionsResponse,
  type TSendIcMemoEmailRequest,
  type TSendIcMemoEmailResponse,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type AuthorizedRequest, authorizedFetch } from '../../../lib/authorized-fetch.ts';
import { fetchDownload } from '../../../lib/download/fetch-download.ts';
import type { DownloadedFile } from '../../../lib/download/save-file.ts';
import {
  AGENT_TIMEOUT_TEXT,
  agentFailedText,
  EXPORT_PDF_FAILED,
  emailFailedText,
  generationFailedText,
  SLIDES_DOWNLOAD_FAILED,
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

/**
 * An IC package as an agent generator answers it (spec 02 §3), read leniently. Ours names the memo
 * it stored (`memo_id`), which the materials dialog then shows; a package without one is shown as
 * it is, with its notes when it carries them.
 */
export interface AgentIcPackage {
  memo_id?: string;
  executive_summary?: string;
  /** A sentence, or {decision, rationale}. */
  investment_recommendation?: unknown;
  deal_terms?: { facility_amount?: number | string | null };
  financial_analysis?: { revenue_forecast?: unknown; debt_capacity?: unknown };
  risk_assessment?: { overall_risk_rating?: string | null };
  /** Notes in our shape ({n, source, …}) when the generator sends them. */
  footnotes?: unknown;
}

export type IcGenerationResult =
  | { kind: 'memo'; memoId: string }
  | { kind: 'agent'; icPackage: AgentIcPackage };

/** The spec's 2-minute limit for the agent generator (spec 02 §7, §9). */
export const AGENT_TIMEOUT_MS = 120_000;

const mentionsNotConfigured = (text: string) => /not[_ ]configured/i.test(text);

/** The fast generator's answer, success or failure; its error may be in `error` or `detail`. */
type FastAnswer = Partial<TGroqIcMemoResponse> & { detail?: unknown };

/**
 * IC generation (spec 02 §4, §7): the fast generator POST /ic-memos/generate-groq/{dealId}?use_groq=true
 * first; when its error mentions not_configured (the server has no language model) the slower agent
 * generator answers instead. Any other failure is the spec's alert.
 */
export async function generateIcMaterials(dealId: string, companyName: string): Promise<IcGenerationResult> {
  let response: Response;
  try {
    response = await authorizedFetch(`/ic-memos/generate-groq/${encodeURIComponent(dealId)}?use_groq=true`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    throw new IcAlertError(`Failed to generate IC materials: ${messageOf(error)}`);
  }
  const answer = parseJson(await response.text()) as FastAnswer | null;
  const error = [answer?.error, answer?.detail].filter((part) => typeof part === 'string').join(' ');
  if (response.ok && answer?.status === 'success' && answer.memo?.id) {
    return { kind: 'memo', memoId: answer.memo.id };
  }
  if (mentionsNotConfigured(error)) return generateWithAgent(dealId, companyName);
  if (!response.ok) throw new IcAlertError(generationFailedText(response.status, statusTextOf(response)));
  throw new IcAlertError(`Failed to generate IC materials: ${error || 'the generator answered no memo'}`);
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
    // Our agent stores the memo it wrote: the materials dialog shows it with everything it offers.
    if (typeof icPackage.memo_id === 'string' && icPackage.memo_id) {
      return { kind: 'memo', memoId: icPackage.memo_id };
    }
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

/** GET /deals/{id}/ic-memos: the deal's latest versions (the largest page), newest first. */
export const dealIcMemosQuery = (dealId: string) =>
  queryOptions({
    queryKey: icMemoKeys.versions(dealId),
    queryFn: ({ signal }) =>
      api.get<TIcMemoVersionsResponse>(
        `/deals/${encodeURIComponent(dealId)}/ic-memos?limit=${IC_MEMO_VERSIONS_MAX_LIMIT}`,
        { signal },
      ),
  });

/** A file the server answers, named by its content-disposition, else `fallback`; any failure is `failure`. */
async function downloadFile(
  path: string,
  init: AuthorizedRequest,
  fallback: string,
  failure: string,
): Promise<DownloadedFile> {
  try {
    return await fetchDownload(path, fallback, init);
  } catch {
    throw new IcAlertError(failure);
  }
}

const FULL_EXPORT: TExportIcMemoPdfRequest = {
  transformation_mode: 'full',
  include_financials: true,
  include_risks: true,
  include_recommendations: true,
};

/** POST /ic-memos/{id}/export-pdf, saved under the server's file name, else ic_memo_{id}.pdf. */
export const exportIcMemoPdf = (memoId: string) =>
  downloadFile(
    `/ic-memos/${encodeURIComponent(memoId)}/export-pdf`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify(FULL_EXPORT),
    },
    `ic_memo_${memoId}.pdf`,
    EXPORT_PDF_FAILED,
  );

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** GET /agents/ic-preparation/{id}/presentation?format=pptx: the memo as slides. */
export const downloadIcSlides = (memoId: string) =>
  downloadFile(
    `/agents/ic-preparation/${encodeURIComponent(memoId)}/presentation?format=pptx`,
    { headers: { Accept: PPTX } },
    `ic_memo_${memoId}.pptx`,
    SLIDES_DOWNLOAD_FAILED,
  );

/** POST /ic-preparation/{id}/email: answers once the email is queued, not sent (see useSendIcEmail). */
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
