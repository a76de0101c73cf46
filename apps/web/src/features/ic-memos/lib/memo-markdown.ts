import { IC_MEMO_SECTION_TITLES, IC_MEMO_SECTIONS, type TIcMemo } from '@atempo/contracts';

/** A citation marker `[^n]` becomes a link to the note; the notes list replaces `[^n]: …` definitions. */
export const NOTE_HREF_PREFIX = '#ic-note-';

export function linkCitations(markdown: string): string {
  return markdown
    .replace(/^\[\^\d{1,4}\]:.*$/gm, '')
    .replace(/\[\^(\d{1,4})\]/g, (_marker, n: string) => `[[${n}]](${NOTE_HREF_PREFIX}${n})`);
}

export const noteNumberOf = (href: string | undefined) =>
  href?.startsWith(NOTE_HREF_PREFIX) ? Number(href.slice(NOTE_HREF_PREFIX.length)) : null;

export interface MemoSection {
  key: string;
  title: string | null;
  markdown: string;
}

/**
 * The memo's sections in reading order, as stored (MemoMarkdown links their citations); a memo
 * stored without sections shows its whole markdown.
 */
export function memoSections(memo: Pick<TIcMemo, 'content' | 'formatted_markdown'>): MemoSection[] {
  const sections = IC_MEMO_SECTIONS.filter((key) => memo.content[key]?.trim()).map((key) => ({
    key,
    title: IC_MEMO_SECTION_TITLES[key],
    markdown: memo.content[key] ?? '',
  }));
  if (sections.length > 0) return sections;
  return [{ key: 'memo', title: null, markdown: memo.formatted_markdown }];
}
