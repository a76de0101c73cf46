/**
 * Emoji, their modifiers and joiners, and flag letters. People put emoji in their names; the
 * user menu shows the name without them (spec 01 §2).
 */
const EMOJI_PATTERN =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}|[\u{E0020}-\u{E007F}]/gu;

export function stripEmoji(text: string): string {
  return text.replace(EMOJI_PATTERN, '').replace(/\s+/g, ' ').trim();
}

export interface PersonName {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** "First Last" without emoji; the email when no name is left. */
export function displayName(person: PersonName): string {
  const name = stripEmoji(`${person.first_name ?? ''} ${person.last_name ?? ''}`);
  return name || person.email?.trim() || '';
}

/** Up to two capital letters from the first and last name (emoji removed), else the email's first letter. */
export function initials(person: PersonName): string {
  const first = firstLetter(stripEmoji(person.first_name ?? ''));
  const last = firstLetter(stripEmoji(person.last_name ?? ''));
  const letters = `${first}${last}`;
  if (letters) return letters.toUpperCase();
  return firstLetter(person.email?.trim() ?? '').toUpperCase() || '?';
}

function firstLetter(text: string): string {
  // Array.from keeps a letter outside the BMP whole.
  return Array.from(text)[0] ?? '';
}

/** 'trial' → 'Trial Plan'. */
export function planLabel(tier: string): string {
  const word = tier.trim();
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} Plan`;
}
