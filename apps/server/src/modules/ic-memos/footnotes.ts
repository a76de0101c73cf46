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

/**
 * Text from the data (a description, a flag, a document's words) as one inline run of markdown: it
 * cannot open a heading, list or quote, break a line, or forge a footnote marker of its own.
 */
export function inline(text: string): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\[\^(\w*)\]/g, '[$1]');
  return /^(?:[#>]|[*+-]\s|\d+[.)]\s)/.test(flat) ? `\\${flat}` : flat;
}

/** The footnote numbers a text cites. */
export function citedNumbers(text: string): number[] {
  return [...text.matchAll(FOOTNOTE_MARKER)].map((match) => Number(match[1]));
}

/**
 * A line cut after each run of markers: each piece's text with the footnotes cited right after it,
 * which are the sources of that piece's figures. Text after the last marker has none.
 */
export function citedPieces(line: string): { text: string; notes: number[] }[] {
  const parts = line.split(/((?:\[\^\d+\])+)/);
  const pieces: { text: string; notes: number[] }[] = [];
  for (let index = 0; index < parts.length; index += 2)
    pieces.push({ text: parts[index] ?? '', notes: citedNumbers(parts[index + 1] ?? '') });
  return pieces;
}

/** Markdown footnote definitions, one per line: `[^1]: Source — "words"`. */
export function footnoteDefinitions(footnotes: TIcMemoFootnote[]): string {
  return footnotes
    .map((footnote) => {
      const excerpt = inline(footnote.content_excerpt);
      return `[^${footnote.n}]: ${inline(footnote.source)}${excerpt ? ` — "${excerpt}"` : ''}`;
    })
    .join('\n');
}
