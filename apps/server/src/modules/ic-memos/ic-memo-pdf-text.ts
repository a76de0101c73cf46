import type { Token, Tokens } from 'marked';

/**
 * Text for the PDF. The memo uses pdfkit's standard fonts (Helvetica, Courier), whose WinAnsi
 * encoding holds Western European text with € and £; characters outside it would print as wrong
 * glyphs, so they are spelled out (≤ as <=) or replaced by '?', never silently garbled.
 */

const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPELLED_OUT: Record<string, string> = {
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '→': '->',
  '←': '<-',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  '✓': 'yes',
  '✗': 'no',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n') out += '\n';
    else if (char === '\t') out += '    ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code < 0x100 || WIN_ANSI_EXTRAS.has(char)) out += char;
    else out += SPELLED_OUT[char] ?? '?';
  }
  return out;
}

/** A piece of a line in one style; footnote runs are the memo's `[^n]` citation markers. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  footnote?: number;
}

const FOOTNOTE_MARKER = /\[\^(\d{1,4})\]/g;

/** Splits plain text on `[^n]` markers into text runs and footnote runs. */
function splitFootnotes(text: string, style: Omit<Run, 'text'>): Run[] {
  const runs: Run[] = [];
  let last = 0;
  for (const match of text.matchAll(FOOTNOTE_MARKER)) {
    if (match.index > last) runs.push({ ...style, text: text.slice(last, match.index) });
    runs.push({ text: `[${match[1]}]`, footnote: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ ...style, text: text.slice(last) });
  return runs;
}

/** marked's inline tokens as styled runs (links keep their words; raw HTML shows as the text it is). */
export function inlineRuns(tokens: Token[] | undefined, style: Omit<Run, 'text'> = {}): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        runs.push(...inlineRuns((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        runs.push(...inlineRuns((token as Tokens.Em).tokens, { ...style, italic: true }));
        break;
      case 'del':
        runs.push(...inlineRuns((token as Tokens.Del).tokens, style));
        break;
      case 'codespan':
        runs.push({ ...style, code: true, text: (token as Tokens.Codespan).text });
        break;
      case 'br':
        runs.push({ text: '\n' });
        break;
      case 'link': {
        // With a `[^n]: …` definition present, marked reads `[^n]` as a reference link.
        const marker = /^\[\^(\d{1,4})\]$/.exec(token.raw);
        if (marker) runs.push({ text: `[${marker[1]}]`, footnote: Number(marker[1]) });
        else runs.push(...inlineRuns((token as Tokens.Link).tokens, style));
        break;
      }
      case 'image':
        runs.push({ ...style, italic: true, text: `[image: ${(token as Tokens.Image).text}]` });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) runs.push(...inlineRuns(text.tokens, style));
        else runs.push(...splitFootnotes(text.text, style));
        break;
      }
      case 'escape':
      case 'html':
        runs.push(...splitFootnotes((token as Tokens.Escape).text, style));
        break;
      default:
        if ('tokens' in token && Array.isArray(token.tokens)) runs.push(...inlineRuns(token.tokens, style));
        else runs.push(...splitFootnotes(token.raw, style));
    }
  }
  // Soft line breaks inside a paragraph are spaces; pdfkit wraps the line itself.
  return runs
    .map((run) => ({ ...run, text: pdfSafe(run.text === '\n' ? run.text : run.text.replace(/\n/g, ' ')) }))
    .filter((run) => run.text.length > 0);
}

export const runsText = (runs: Run[]) => runs.map((run) => run.text).join('');

/** The footnote numbers a piece of markdown cites, in order of first use. */
export function citedFootnotes(markdown: string): number[] {
  const seen = new Set<number>();
  for (const match of markdown.matchAll(FOOTNOTE_MARKER)) seen.add(Number(match[1]));
  return [...seen];
}
