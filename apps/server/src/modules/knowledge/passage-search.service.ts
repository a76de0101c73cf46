import {
  DOCUMENT_TYPES,
  KEY_METRIC_NAMES,
  KNOWLEDGE_DOC_TYPES,
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
import { isoOf, isoOrNull } from '../../platform/sql-rows.ts';
import { lexemeFrequencies, normaliseWords, websearchQuery } from './lexemes.repository.ts';
import {
  newestItems,
  type SearchKind,
  type SearchPlan,
  type SearchRow,
  type SearchScope,
  searchRanked,
} from './passages.repository.ts';
import { needlesOf, previewAround } from './preview.ts';
import { combinations, MAX_DECIDING_TERMS, parseSearchQuery } from './search-query.ts';

type SearchRequest = z.output<typeof ZKnowledgeSearchRequest>;

/**
 * POST /knowledge/search. Passages matching most of the question's rare words come first, and a
 * passage missing a word ("company") is still found when nothing has them all: bands of "exactly k
 * of the words", from all down, in one statement. Decision 016.
 */
export async function searchKnowledge(
  db: Database,
  organizationId: string,
  request: SearchRequest,
): Promise<TKnowledgeSearchResponse> {
  const scope = scopeOf(organizationId, request);
  const found = request.query
    ? await rankedRows(db, scope, request.query)
    : { rows: await newestItems(db, scope), needles: [] };
  const results = found.rows.map((row) => toResult(row, found.needles));
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

/**
 * Rows read from the index before ranking, per kind (at least the page): once the higher bands
 * hold this many, the lower ones are not read; the last band read is cut there (decision 016).
 */
export const SEARCH_POOL = 100;

/**
 * At least `k` of the terms, as tsquery text. Written as "the first and k - 1 of the rest, or k of
 * the rest" rather than an OR of every k-subset: the same rows, about k times fewer nodes for the
 * GIN index to evaluate on every row holding any of the terms.
 */
export function atLeast(terms: string[], k: number): string {
  if (k <= 1) return terms.join(' | ');
  if (k >= terms.length) return terms.join(' & ');
  const [first = '', ...rest] = terms;
  return `(${first} & (${atLeast(rest, k - 1)}) | ${atLeast(rest, k)})`;
}

/** The strict part and `match`, both required; either alone when the other is empty. */
function withStrict(match: string, strict: string): string {
  if (!strict) return match;
  return match ? `(${strict}) & (${match})` : strict;
}

/**
 * The query of band `k`: rows matching at least `k` of the deciding terms, and the strict part.
 * With no terms, the strict part alone. A row of a higher band is found again by the lower ones
 * and keeps its highest level.
 */
export function bandMatch(terms: string[], k: number, strict: string): string {
  return terms.length === 0 ? strict : withStrict(atLeast(terms, k), strict);
}

/** A term in more than this share of passages ("company", "2022" in filings) only ranks. */
export const COMMON_TERM_SHARE = 0.1;

/**
 * Share of passages holding a term: of its alternatives ('fy2022' | '2022', or a concept's
 * phrasings) the likeliest; of an alternative's words ('purchas' <2> 'properti') the rarest.
 */
export function termShare(term: string, frequencies: Map<string, number>): number {
  let share = 0;
  let any = false;
  for (const alternative of topLevelAlternatives(term)) {
    const lexemes = [...alternative.matchAll(/'((?:[^']|'')*)'/g)].map(
      (m) => frequencies.get((m[1] ?? '').replace(/''/g, "'")) ?? 0,
    );
    if (lexemes.length === 0) continue;
    any = true;
    share = Math.max(share, Math.min(...lexemes));
  }
  return any ? share : 0;
}

/** The parts of `term` OR-ed at its outermost level, its enclosing parentheses removed. */
function topLevelAlternatives(term: string): string[] {
  let text = term.trim();
  while (text.startsWith('(') && closingOf(text, 0) === text.length - 1) text = text.slice(1, -1).trim();
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** Index of the parenthesis closing the one at `open` (quotes respected), -1 if none. */
function closingOf(text: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The terms with their shares, rarest first (in the question's order among equals). */
function rarestFirst(terms: string[], frequencies: Map<string, number>) {
  return terms
    .map((term, position) => ({ term, share: termShare(term, frequencies), position }))
    .sort((x, y) => x.share - y.share || x.position - y.position);
}

/**
 * Terms past this many, the commonest, do not rank: ts_rank_cd's work grows with the terms a
 * passage holds, and a long question's common words ("statement", "provided") would make it the
 * dearest step of the search.
 */
export const MAX_RANKING_TERMS = 8;

/** The terms that order passages of one band: the rarest MAX_RANKING_TERMS, OR-ed. */
export function rankingQuery(terms: string[], frequencies: Map<string, number>): string {
  return rarestFirst(terms, frequencies)
    .slice(0, MAX_RANKING_TERMS)
    .map((t) => t.term)
    .join(' | ');
}

/**
 * The terms that decide which passages are found, rarest first: words most passages hold say
 * little about which passage answers, and every deciding term multiplies the bands' work. Common
 * terms still rank. At most MAX_DECIDING_TERMS; at least the two rarest.
 */
export function decidingTerms(
  terms: string[],
  frequencies: Map<string, number>,
  concepts: readonly string[] = [],
  names: readonly string[] = [],
): string[] {
  // A finance concept the question names ("capital expenditure", "balance sheet") says what the
  // answering passage holds better than any rare word, so it decides first, however common; then
  // the names the question is about ("Costco"); then the rarest words.
  // Names are not preferred: a name rare in the index is chosen for its rarity, and one that most
  // passages hold (the company of a single filing) tells them apart no better than a common word.
  void names;
  const named = concepts.filter((term) => terms.includes(term)).slice(0, MAX_DECIDING_TERMS - 1);
  const byRarity = rarestFirst(
    terms.filter((term) => !named.includes(term)),
    frequencies,
  );
  const rare = byRarity.filter((t) => t.share <= COMMON_TERM_SHARE);
  // With a concept or a name to decide, a common word adds nothing but ties.
  const chosen = named.length > 0 || rare.length >= 2 ? rare : byRarity.slice(0, 2);
  return [...named, ...chosen.map((t) => t.term)].slice(0, MAX_DECIDING_TERMS);
}

/**
 * A lower band expected to hold more than this share of passages is read only when no rarer band
 * found anything: its members match few of the words, reading and ranking a cut of them costs more
 * than it brings.
 */
export const BAND_SHARE_LIMIT = 0.03;

/** Expected share of passages matching at least `k` of the terms, were the words independent. */
export function atLeastShare(shares: number[], k: number): number {
  let total = 0;
  for (const pick of combinations(shares.length, k)) total += pick.reduce((p, i) => p * (shares[i] ?? 0), 1);
  return Math.min(1, total);
}

/** The fewest terms a passage must match: half of a question's words, rounded up. */
export const minimumTerms = (n: number) => (n <= 2 ? 1 : Math.ceil(n / 2));

async function rankedRows(
  db: Database,
  scope: SearchScope,
  query: string,
): Promise<{ rows: SearchRow[]; needles: string[] }> {
  const parsed = parseSearchQuery(query, { concepts: true });
  const normalised = await normaliseWords(db, [...parsed.terms.flat(), ...parsed.hints.flat()]);
  const terms: string[] = [];
  const concepts: string[] = [];
  const names: string[] = [];
  for (const [index, alternatives] of parsed.terms.entries()) {
    const texts = withoutImplied([
      ...new Set(alternatives.map((word) => normalised.get(word) ?? '').filter(Boolean)),
    ]);
    if (texts.length === 0) continue; // a stop word ("what", "the")
    const term = texts.length === 1 ? `(${texts[0]})` : `(${texts.map((t) => `(${t})`).join(' | ')})`;
    if (!terms.includes(term)) terms.push(term);
    if (parsed.concepts.includes(index) && !concepts.includes(term)) concepts.push(term);
    if (parsed.names.includes(index) && !names.includes(term)) names.push(term);
  }
  const hints = parsed.hints
    .map((alternatives) => alternatives.map((phrase) => normalised.get(phrase) ?? '').filter(Boolean))
    .filter((texts) => texts.length > 0)
    .map((texts) => `(${texts.map((t) => `(${t})`).join(' | ')})`)
    .filter((hint) => !terms.includes(hint));
  const strict = parsed.strict ? await websearchQuery(db, parsed.strict) : '';
  // Exclusions alone would list everything else: nothing to look for.
  if (terms.length === 0 && !(parsed.strictFinds && strict)) return { rows: [], needles: [] };
  const frequencies = await lexemeFrequencies(db);
  // Searching one company's documents, the names a question is about ("American Express",
  // "AMEX") rank but do not decide: the scope already says whose documents these are, and a filing
  // seldom prints its own name on the page that answers (or prints another short name). Across
  // companies a name is what tells one company's documents from the others'.
  const scoped = (scope.companyIds?.length ?? 0) > 0;
  const unnamed = scoped ? terms.filter((term) => !names.includes(term)) : terms;
  const deciding = decidingTerms(unnamed.length > 0 ? unnamed : terms, frequencies, concepts, names);
  const shares = deciding.map((term) => termShare(term, frequencies));
  // Known-rare terms are cheap to match one at a time; without statistics, stop at half of them.
  const lowest = deciding.length === 0 ? 0 : frequencies.size > 0 ? 1 : minimumTerms(deciding.length);
  const bands: SearchPlan['bands'] = [];
  for (let k = deciding.length; k >= lowest; k--)
    bands.push({ level: k, match: bandMatch(deciding, k, strict) });
  // A lower band expected to hold many passages is read only when the rarer ones found nothing.
  let rareLevel = deciding.length;
  while (rareLevel > lowest && atLeastShare(shares, rareLevel - 1) <= BAND_SHARE_LIMIT) rareLevel--;
  const rows = await searchRanked(db, scope, {
    bands,
    rareLevel,
    deciding: deciding.length,
    rank: terms.length > 0 ? [rankingQuery(terms, frequencies), ...hints].join(' | ') : strict,
    pool: Math.max(SEARCH_POOL, scope.limit),
    preferFigures: parsed.hints.length > 0,
  });
  // A statement title the question names ranks as a hint; the preview shows it too when found.
  const words = [...parsed.terms.flat(), ...parsed.hints.flat()].filter((word) => normalised.get(word));
  return { rows, needles: needlesOf([...terms, ...hints, strict], words) };
}

/**
 * A term's alternatives without those a one-word alternative already finds: 'debt' finds every
 * passage 'total' <-> 'debt' finds. Each alternative left is work for the index on every search
 * (a phrase is checked on every row holding its words), so a concept costs what it adds.
 */
export function withoutImplied(alternatives: string[]): string[] {
  const lexemesOf = (text: string) => [...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1] ?? '');
  const single = new Set(
    alternatives.map(lexemesOf).flatMap((lexemes) => (lexemes.length === 1 ? lexemes : [])),
  );
  return alternatives.filter((text) => {
    const lexemes = lexemesOf(text);
    return lexemes.length <= 1 || !lexemes.some((lexeme) => single.has(lexeme));
  });
}

function toResult(row: SearchRow, needles: string[]): TKnowledgeSearchResult {
  const companies = row.companies ?? [];
  const size = row.size === null ? null : Number(row.size);
  return {
    document_id: row.id,
    doc_type: row.kind,
    created_at: isoOf(row.created_at),
    content: previewAround(row.preview ?? '', needles),
    score: Math.min(1, Math.max(0, Number(row.score) || 0)),
    metadata: {
      filename: row.filename,
      subject: row.subject,
      name: row.filename ?? (row.subject || null) ?? row.self_name ?? '',
      company_name: companies[0]?.name ?? null,
      company_names: companies.map((c) => c.name),
      company_ids: companies.map((c) => c.id),
      date: isoOf(row.created_at),
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
