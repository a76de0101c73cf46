import type { TDocument, TDocumentListItem, TKnowledgeSearchResult } from '@atempo/contracts';
import { KNOWLEDGE_PREVIEW_CHARS } from '@atempo/contracts';

type AnalysisPreview = NonNullable<TDocumentListItem['analysis']>;

/** A card of the Knowledge Hub, whichever call it came from. */
export interface HubDocument {
  id: string;
  name: string;
  /** Bytes; null when unknown. */
  size: number | null;
  /** pdf, docx, doc, xlsx, xls. */
  format: string | null;
  author: string | null;
  createdAt: string;
  companyNames: string[];
  url: string | null;
  analysis: AnalysisPreview | null;
  /** Search hits only: the passage around the hit and its relevance 0–1. */
  preview: string | null;
  /** Where the hit is: 'page 2', 'P&L!A1:F40'. */
  hitLocation: string | null;
  score: number | null;
  /** The built-in sample shown when nothing could be loaded. */
  sample: boolean;
}

export function fromListItem(item: TDocumentListItem): HubDocument {
  return {
    id: item.id,
    name: item.name,
    size: item.size,
    format: item.type,
    author: item.created_by,
    createdAt: item.created_at,
    companyNames: distinct(item.company_names),
    url: item.url,
    analysis: item.analysis,
    preview: null,
    hitLocation: null,
    score: null,
    sample: false,
  };
}

/** One document as GET /documents/{id} answers it; the card shows the head of its whole analysis. */
export function fromDocument(document: TDocument): HubDocument {
  const analysis = document.analysis;
  return fromListItem({
    ...document,
    analysis: analysis && {
      document_type: analysis.document_type,
      confidence_score: analysis.confidence_score,
      content_summary: analysis.content_summary,
      key_metrics: analysis.key_metrics,
      risk_flags: analysis.risk_flags,
      risk_flag_count: analysis.risk_flags.length,
    },
  });
}

/** Names once each, in their order (a document's own company and its deal's may be the same). */
const distinct = (names: string[]) => [...new Set(names)];

/** A search hit; `asHit` false when the search only stands in for the recent list (no relevance then). */
export function fromSearchResult(result: TKnowledgeSearchResult, asHit: boolean): HubDocument {
  const meta = result.metadata;
  return {
    id: result.document_id,
    name: meta.filename ?? meta.name,
    size: meta.size ?? meta.file_size,
    format: meta.format,
    author: meta.created_by,
    createdAt: meta.date ?? result.created_at,
    companyNames:
      meta.company_names.length > 0 ? meta.company_names : meta.company_name ? [meta.company_name] : [],
    url: meta.url,
    analysis: meta.analysis,
    preview: asHit && result.content ? result.content : null,
    hitLocation: asHit ? (meta.location?.label ?? null) : null,
    score: asHit ? result.score : null,
    sample: false,
  };
}

/**
 * Spec 02 §8: when neither the recent list nor the search answers, one built-in sample is shown.
 * It is labelled as a sample and carries no figures, so nothing on screen can pass for real data.
 */
export const SAMPLE_DOCUMENT: HubDocument = {
  id: 'sample-document',
  name: 'Sample document.pdf',
  size: 245_760,
  format: 'pdf',
  author: 'Atempo',
  createdAt: '2025-01-01T00:00:00.000Z',
  companyNames: ['Example Company'],
  url: null,
  analysis: null,
  preview: null,
  hitLocation: null,
  score: null,
  sample: true,
};

export const HUB_FILTERS = [
  { value: 'all', label: 'All Documents' },
  { value: 'analysed', label: 'Analysed with AI' },
  { value: 'pending', label: 'Pending Analysis' },
  { value: 'term_sheets', label: 'Term Sheets' },
  { value: 'financial_models', label: 'Financial Models' },
] as const;
export type HubFilter = (typeof HUB_FILTERS)[number]['value'];

/** The filter select, applied on the client (spec 02 §4). Types come from the analysis, else the name. */
export function matchesFilter(document: HubDocument, filter: HubFilter): boolean {
  const type = document.analysis?.document_type;
  switch (filter) {
    case 'analysed':
      return document.analysis !== null;
    case 'pending':
      return document.analysis === null;
    case 'term_sheets':
      return type === 'term_sheet' || (!type && /term[\s_-]?sheet/i.test(document.name));
    case 'financial_models':
      return type === 'financial_model' || (!type && /financial[\s_-]?model/i.test(document.name));
    default:
      return true;
  }
}

/** Spec 02 §8: when the search fails, the loaded documents are filtered by name, author and company. */
export function matchesLocally(document: HubDocument, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [document.name, document.author ?? '', ...document.companyNames].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

const extensionOf = (document: HubDocument) =>
  (document.format ?? document.name.split('.').pop() ?? '').toLowerCase();

/** Word and plain-text files: the documents read as running text (PDF and sheets count apart). */
const TEXT_FORMATS = new Set(['doc', 'docx', 'txt', 'text', 'md', 'rtf']);

export interface HubCounters {
  total: number;
  pitchDecks: number;
  pdfs: number;
  textFiles: number;
}

/** The four counters of spec 02 Knowledge Hub; Pitch Decks go by name (contains pitch or deck). */
export function hubCounters(documents: readonly HubDocument[]): HubCounters {
  return {
    total: documents.length,
    pitchDecks: documents.filter((document) => /pitch|deck/i.test(document.name)).length,
    pdfs: documents.filter((document) => extensionOf(document) === 'pdf').length,
    textFiles: documents.filter((document) => TEXT_FORMATS.has(extensionOf(document))).length,
  };
}

/** bytes/1024 with one decimal (spec 02): '12.3 KB'. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The search preview, cut at 200 characters (spec 02 §9). */
export function previewText(content: string): string {
  return content.length > KNOWLEDGE_PREVIEW_CHARS ? `${content.slice(0, KNOWLEDGE_PREVIEW_CHARS)}…` : content;
}

/** Relevance as a whole percentage. */
export function formatRelevance(score: number): string {
  return `${Math.round(score * 100)}%`;
}
