import type { SourceLocation } from '@atempo/documents';
import type { DocumentFacts, DocumentPassage } from '../document-facts.ts';

export type { DocumentFacts };

/**
 * The passages a scan reads in documents, as a full-text query over the knowledge index: listing
 * words (ipo-signal.ts) and competition words (competitive-threat.ts). Coarse on purpose ("list"
 * also finds lists); the rules' own patterns decide what counts.
 */
export const DOCUMENT_PASSAGE_QUERY = 'ipo | public | flotation | float | listing | compet:* | rival:*';

/** Characters of a passage quoted on either side of what a rule found. */
const EXCERPT_CONTEXT = 120;

/** The words around `index` in a passage, as written, cut at word boundaries with ellipses. */
function passageExcerpt(text: string, index: number, length: number): string {
  let start = Math.max(0, index - EXCERPT_CONTEXT);
  let end = Math.min(text.length, index + length + EXCERPT_CONTEXT);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > index + length ? text.lastIndexOf(' ', end) : end;
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

const isWordCharacter = (character: string | undefined) =>
  character !== undefined && /[\p{L}\p{N}]/u.test(character);

/** Where `name` stands as a whole word in `text`, as written (case and all); -1 when it does not. */
export function wholeWordIndex(text: string, name: string): number {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!isWordCharacter(text[at - 1]) && !isWordCharacter(text[at + name.length])) return at;
  }
  return -1;
}

/** A passage where a rule found what it looks for, with the words it found. */
export interface PassageHit {
  passage: DocumentPassage;
  index: number;
  found: string;
}

/** The first passage (in reading order) where `pattern` matches. */
export function firstPassageMatching(document: DocumentFacts, pattern: RegExp): PassageHit | null {
  for (const passage of document.passages) {
    const match = pattern.exec(passage.text);
    if (match) return { passage, index: match.index, found: match[0] };
  }
  return null;
}

/** How a signal cites a document: which one, where in it, and the words as written. */
export function documentSource(
  document: DocumentFacts,
  where: { location: Pick<SourceLocation, 'kind' | 'page' | 'label'>; excerpt: string },
) {
  return {
    document_id: document.id,
    name: document.name,
    document_type: document.documentType,
    processed_at: document.processedAt.toISOString(),
    location: { kind: where.location.kind, page: where.location.page ?? null, label: where.location.label },
    excerpt: where.excerpt,
  };
}

/** A hit as a citation: the passage's place and the words around what was found. */
export const citeHit = (document: DocumentFacts, hit: PassageHit) =>
  documentSource(document, {
    location: hit.passage.location,
    excerpt: passageExcerpt(hit.passage.text, hit.index, hit.found.length),
  });
