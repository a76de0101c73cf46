import { hasAny, type NormalisedQuestion, normaliseWords } from '../question.ts';
import { SECTOR_PHRASES, STAGE_PHRASES } from '../vocabulary.ts';

export function findSector(question: NormalisedQuestion): string | null {
  for (const [sector, phrases] of Object.entries(SECTOR_PHRASES))
    if (hasAny(question, phrases)) return sector;
  return null;
}

/**
 * The sector or place a portfolio question narrows to: a sector word ("fintech") or the words after
 * "in", "for", "to" or "from" that are not stages or portfolio words ("pipeline for Germany").
 */
export function findPlace(question: NormalisedQuestion): string | null {
  return findSector(question) ?? placeName(question);
}

/** The words after "in", "for", "to" or "from" that are not stages or portfolio words ("in the UK"). */
export function placeName(question: NormalisedQuestion): string | null {
  const match = question.original.match(
    /\b(?:in|for|to|from)\s+(?:the\s+)?(\p{Lu}[\p{L}.-]*(?:\s+\p{Lu}[\p{L}.-]*){0,2})/u,
  );
  const place = match?.[1]?.trim() ?? null;
  if (!place) return null;
  const words = normaliseWords(place);
  const stageWords = new Set(
    Object.values(STAGE_PHRASES)
      .flat()
      .flatMap((p) => p.split(' ')),
  );
  return words.every(
    (w) =>
      stageWords.has(w) ||
      ['ic', 'dd', 'review', 'stage', 'the', 'term', 'sheet', 'legal', 'docs'].includes(w),
  )
    ? null
    : place;
}
