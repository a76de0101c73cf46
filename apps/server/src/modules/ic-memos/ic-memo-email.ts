import {
  IC_MEMO_SECTION_TITLES,
  IC_MEMO_SECTIONS,
  type TIcMemoFootnote,
  type TIcMemoSection,
} from '@atempo/contracts';
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../../platform/mailer.ts';
import { formatMemoDate } from './ic-memo-pdf.ts';
import type { MemoForExport } from './ic-memo-pdf-source.ts';

/**
 * The email that carries an IC memo: the memo rendered as HTML (every piece of memo text escaped;
 * raw HTML in the memo shows as text, links only when http(s) or mailto), the same memo as plain
 * text, and the PDF attached by the sender.
 */

const SAFE_HREF = /^(https?:|mailto:)/i;

// A Marked instance of our own: the global one is shared, and its renderer must never pass HTML through.
const memoMarkdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, tokens }: Tokens.Link) {
      const words = this.parser.parseInline(tokens);
      return SAFE_HREF.test(href) ? `<a href="${escapeHtml(href)}">${words}</a>` : words;
    },
    image: ({ text }: Tokens.Image) => `[image: ${escapeHtml(text)}]`,
  },
});

/** Markdown to email-safe HTML; `[^n]` citation markers become superscript numbers. */
export function memoMarkdownToHtml(markdown: string): string {
  const html = memoMarkdown.parse(markdown, { async: false });
  return html.replace(/\[\^(\d{1,4})\]/g, '<sup>[$1]</sup>');
}

export interface IcMemoEmail {
  subject: string;
  text: string;
  html: string;
}

const TABLE_STYLE =
  'table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left}th{background:#eef2f7}';

export function composeIcMemoEmail(memo: MemoForExport, subject: string): IcMemoEmail {
  const date = formatMemoDate(memo.createdAt);
  const intro = `The investment committee memo for ${memo.companyName} (deal #${memo.dealNumber}, version ${memo.version}, ${date}) follows; the PDF is attached.`;
  const present = IC_MEMO_SECTIONS.filter((section) => memo.sections[section]?.trim());
  const notes = memo.footnotes.slice().sort((a, b) => a.n - b.n);
  const titleOf = (section: TIcMemoSection) =>
    section === 'deal_terms' && memo.termsAreProposal
      ? `${IC_MEMO_SECTION_TITLES[section]} (proposal)`
      : IC_MEMO_SECTION_TITLES[section];

  const text = [
    intro,
    ...present.map((section) => `${titleOf(section).toUpperCase()}\n\n${memo.sections[section]!.trim()}`),
    ...(notes.length ? [`NOTES\n\n${notes.map((note) => `[${note.n}] ${describe(note)}`).join('\n')}`] : []),
    `Written by ${memo.generatedBy}.`,
  ].join('\n\n');

  const html = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title><style>${TABLE_STYLE}</style></head>`,
    '<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;max-width:760px">',
    `<p>${escapeHtml(intro)}</p>`,
    ...present.map(
      (section) => `<h2>${escapeHtml(titleOf(section))}</h2>\n${memoMarkdownToHtml(memo.sections[section]!)}`,
    ),
    ...(notes.length
      ? [
          '<h2>Notes</h2><ol style="list-style:none;padding-left:0;font-size:90%;color:#5f6b7a">',
          ...notes.map((note) => `<li id="note-${note.n}">[${note.n}] ${escapeHtml(describe(note))}</li>`),
          '</ol>',
        ]
      : []),
    `<p style="color:#5f6b7a;font-size:90%">Written by ${escapeHtml(memo.generatedBy)}.</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}

function describe(note: TIcMemoFootnote): string {
  const location =
    note.target.location && !note.source.includes(note.target.location) ? `, ${note.target.location}` : '';
  const excerpt = note.content_excerpt.trim() ? `: "${note.content_excerpt.trim().slice(0, 240)}"` : '';
  return `${note.source}${location}${excerpt}`;
}
