/**
 * A question of several parts, split where a new question starts: after a question mark followed
 * by more ("What is Acme's runway? And Beta's burn?"), or at "and" followed by a question word
 * ("Which deals are in IC review and what is their total?"). "Deals in IC review and at term
 * sheet" or "Acme and Beta" stay one question: the stages or companies are read together.
 */
const QUESTION_START =
  /\s*(?:,\s*)?\b(?:and|also|plus)\s+(?:also\s+)?(?=(?:what|what's|how|which|who|when|where|is|are|does|do|did|list|show|give|tell|compare|can you)\b)/gi;

const MIN_PART_WORDS = 2;

export function questionParts(original: string): string[] {
  const sentences = original
    .split(/(?<=\?)\s+(?=\S)/)
    .flatMap((sentence) => sentence.split(QUESTION_START))
    .map((part) => part.trim().replace(/^(?:and|also|plus)\s+/i, ''))
    .filter((part) => part.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= MIN_PART_WORDS);
  return sentences.length > 1 ? sentences : [original];
}
