import {
  DOCUMENT_TYPES,
  KEY_METRIC_NAMES,
  KNOWLEDGE_DOC_TYPES,
  KNOWLEDGE_PREVIEW_CHARS,
  type TKnowledgeDocType,
  type TKnowledgeHitLocation,
  type TKnowledgeSearchResponse,
  type TKnowledgeSearchResult,
  ZDocumentAnalysisPreview,
  ZKnowledgeHitLocation,
  type ZKnowledgeSearchRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { z } from 'zod';
import {
  HIT_END,
  HIT_START,
  newestItems,
  normaliseWords,
  type RankedQuery,
  type SearchKind,
  type SearchRow,
  type SearchScope,
  searchTier,
  websearchQuery,
} from './search.repository.ts';
import { combinations, MAX_DECIDING_TERMS, parseSearchQuery } from './search-query.ts';

type SearchRequest = z.output<typeof ZKnowledgeSearchRequest>;

/**
 * POST /knowledge/search. Terms are tried all together first, then one fewer at a time, until the
 * page is full: passages matching most of the question come first, and a passage missing a word
 * ("company") is still found when nothing has them all. Decision 016.
 */
export async function searchKnowledge(
  db: Database,
  organizationId: string,
  request: SearchRequest,
): Promise<TKnowledgeSearchResponse> {
  const scope = scopeOf(organizationId, request);
  const rows = request.query ? await rankedRows(db, scope, request.query) : await newestItems(db, scope);
  const results = rows.map(toResult);
  return { results, query: request.query, total: results.length };
}

function scopeOf(organizationId: string, request: SearchRequest): SearchScope {
  const asked = request.doc_types ?? [];
  const kinds = new Set<SearchKind>(
    asked.filter((t): t is TKnowledgeDocType => (KNOWLEDGE_DOC_TYPES as readonly string[]).includes(t)),
  );
  const documentTypes = asked.filter((t) => (DOCUMENT_TYPES as readonly string[]).includes(t));
  // An analyst type alone ("term_sheet") asks for documents of that type.
  if (documentTypes.length > 0 && !kinds.has('document')) kinds.add('document');
  const restrictTypes = documentTypes.length > 0 && !asked.includes('document');
  if (asked.length === 0) {
    // The empty query is the Knowledge Hub's list of documents; a search looks everywhere.
    for (const kind of request.query ? KNOWLEDGE_DOC_TYPES : (['document'] as const)) kinds.add(kind);
  }
  return {
    organizationId,
    kinds,
    documentTypes: restrictTypes ? documentTypes : undefined,
    companyIds: request.company_ids,
    limit: request.limit,
    passagesPerDocument: request.passages_per_document,
  };
}

/** The query a tier runs: rows matching at least `k` of the deciding terms (and the strict part). */
export function tierMatch(terms: string[], k: number, strict: string): string {
  let match: string;
  if (terms.length === 0) match = '';
  else if (k >= terms.length) match = terms.join(' & ');
  else if (k <= 1) match = terms.join(' | ');
  else {
    match = combinations(terms.length, k)
      .map((pick) => `(${pick.map((i) => terms[i]).join(' & ')})`)
      .join(' | ');
  }
  if (!strict) return match;
  return match ? `(${strict}) & (${match})` : strict;
}

async function rankedRows(db: Database, scope: SearchScope, query: string): Promise<SearchRow[]> {
  const parsed = parseSearchQuery(query);
  const normalised = await normaliseWords(db, parsed.terms.flat());
  const terms: string[] = [];
  for (const alternatives of parsed.terms) {
    const texts = [...new Set(alternatives.map((word) => normalised.get(word) ?? '').filter(Boolean))];
    if (texts.length === 0) continue; // a stop word ("what", "the")
    const term = texts.length === 1 ? `(${texts[0]})` : `(${texts.map((t) => `(${t})`).join(' | ')})`;
    if (!terms.includes(term)) terms.push(term);
  }
  const strict = parsed.strict ? await websearchQuery(db, parsed.strict) : '';
  // Exclusions alone would list everything else: nothing to look for.
  if (terms.length === 0 && !(parsed.strictFinds && strict)) return [];
  const deciding = terms.slice(0, MAX_DECIDING_TERMS);
  const rank = terms.length > 0 ? terms.join(' | ') : strict;
  let rows: SearchRow[] = [];
  for (let k = deciding.length; k >= 1 || (k === 0 && deciding.length === 0); k--) {
    const ranked: RankedQuery = { match: tierMatch(deciding, k, strict), terms: deciding, rank };
    rows = await searchTier(db, scope, ranked);
    if (rows.length >= scope.limit || k <= 1) break;
  }
  return rows;
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

function toResult(row: SearchRow): TKnowledgeSearchResult {
  const companies = row.companies ?? [];
  const size = row.size === null ? null : Number(row.size);
  return {
    document_id: row.id,
    doc_type: row.kind,
    created_at: iso(row.created_at),
    content: previewOf(row.preview ?? ''),
    score: Math.min(1, Math.max(0, Number(row.score) || 0)),
    metadata: {
      filename: row.filename,
      subject: row.subject,
      name: row.filename ?? (row.subject || null) ?? row.self_name ?? '',
      company_name: companies[0]?.name ?? null,
      company_names: companies.map((c) => c.name),
      company_ids: companies.map((c) => c.id),
      date: iso(row.created_at),
      size,
      file_size: size,
      format: row.format,
      document_type: row.document_type,
      deal_id: row.deal_id,
      created_by: row.created_by,
      sender: row.sender,
      modified_at: isoOrNull(row.modified_at),
      processed_at: isoOrNull(row.processed_at),
      url: urlOf(row),
      analysis: analysisPreview(row.analysis, row.document_type),
      location: locationOf(row.location),
    },
  };
}

function urlOf(row: SearchRow): string | null {
  if (row.kind === 'document') return `/api/v1/documents/${row.id}/download`;
  if (row.kind === 'company') return `/companies/${row.id}`;
  return null;
}

function locationOf(value: unknown): TKnowledgeHitLocation | null {
  const parsed = ZKnowledgeHitLocation.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * About KNOWLEDGE_PREVIEW_CHARS characters of the source around the first hit ts_headline marked,
 * cut on word boundaries, whitespace collapsed.
 */
export function previewOf(headline: string): string {
  const collapsed = headline.replace(/\s+/g, ' ').trim();
  const strip = (text: string) => text.replaceAll(HIT_START, '').replaceAll(HIT_END, '');
  const plain = strip(collapsed);
  const marker = collapsed.indexOf(HIT_START);
  const hit = marker < 0 ? 0 : strip(collapsed.slice(0, marker)).length;
  let start = Math.max(0, hit - Math.floor(KNOWLEDGE_PREVIEW_CHARS / 4));
  if (start > 0) {
    const space = plain.indexOf(' ', start);
    if (space >= 0 && space < hit) start = space + 1;
  }
  let end = Math.min(plain.length, start + KNOWLEDGE_PREVIEW_CHARS);
  if (end < plain.length) {
    const space = plain.lastIndexOf(' ', end);
    if (space > start + KNOWLEDGE_PREVIEW_CHARS / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${plain.slice(start, end).trim()}${end < plain.length ? '…' : ''}`;
}

/** The analysis box of a Knowledge Hub card, from the stored analysis; null until analysed. */
export function analysisPreview(analysis: unknown, documentType: string | null) {
  if (!analysis || typeof analysis !== 'object') return null;
  const stored = analysis as Record<string, unknown>;
  const metrics = (stored.key_metrics ?? {}) as Record<string, unknown>;
  const riskFlags = Array.isArray(stored.risk_flags) ? stored.risk_flags : [];
  const firstMetrics = Object.fromEntries(
    KEY_METRIC_NAMES.filter((name) => metrics[name] !== undefined)
      .slice(0, 2)
      .map((name) => [name, metrics[name]]),
  );
  const parsed = ZDocumentAnalysisPreview.safeParse({
    document_type: documentType ?? stored.document_type,
    confidence_score: stored.confidence_score,
    content_summary: stored.content_summary,
    key_metrics: firstMetrics,
    risk_flags: riskFlags.slice(0, 2),
    risk_flag_count: riskFlags.length,
  });
  return parsed.success ? parsed.data : null;
}
