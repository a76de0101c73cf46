import { SYNC_MAX_DOCUMENTS } from '@atempo/contracts';

/** The Max documents field's first value (spec 03 §9: the field starts at 2, the fallback is 20). */
export const MAX_DOCUMENTS_INITIAL = '2';

/** Spec 03 §5: a whole number from 1 to 100; anything else, blank included, means 20. */
export function maxDocumentsFrom(typed: string): number {
  const text = typed.trim();
  if (!/^\d+$/.test(text)) return SYNC_MAX_DOCUMENTS.fallback;
  const value = Number(text);
  return value >= SYNC_MAX_DOCUMENTS.min && value <= SYNC_MAX_DOCUMENTS.max
    ? value
    : SYNC_MAX_DOCUMENTS.fallback;
}
