import type { TCitation, TIcMemoFootnote } from '@atempo/contracts';

/** `[^n]` markers in a memo's text. */
export const FOOTNOTE_MARKER = /\[\^(\d+)\]/g;

/**
 * The memo's footnotes, numbered in the order the text first cites them; a source cited twice
 * (same target, place and words) keeps its number.
 */
export class Footnotes {
  private readonly byKey = new Map<string, TIcMemoFootnote>();

  /** The marker for a citation: `[^n]`. */
  cite(citation: TCitation): string {
    const key = JSON.stringify([
      citation.target.kind,
      citation.target.id,
      citation.target.location,
      citation.source,
      citation.content_excerpt,
    ]);
    let footnote = this.byKey.get(key);
    if (!footnote) {
      footnote = { ...citation, n: this.byKey.size + 1 };
      this.byKey.set(key, footnote);
    }
    return `[^${footnote.n}]`;
  }

  list(): TIcMemoFootnote[] {
    return [...this.byKey.values()];
  }
}

/** The footnote numbers a text cites. */
export function citedNumbers(text: string): number[] {
  return [...text.matchAll(FOOTNOTE_MARKER)].map((match) => Number(match[1]));
}

/** Markdown footnote definitions, one per line: `[^1]: Source — "words"`. */
export function footnoteDefinitions(footnotes: TIcMemoFootnote[]): string {
  return footnotes
    .map((footnote) => {
      const excerpt = footnote.content_excerpt.replace(/\s+/g, ' ').trim();
      return `[^${footnote.n}]: ${footnote.source}${excerpt ? ` — "${excerpt}"` : ''}`;
    })
    .join('\n');
}
