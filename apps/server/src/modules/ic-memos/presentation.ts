import {
  IC_MEMO_SECTION_TITLES,
  IC_MEMO_SECTIONS,
  type TIcMemo,
  type TIcPresentation,
} from '@atempo/contracts';
import PptxGenJS from 'pptxgenjs';

/**
 * The memo as an IC presentation: a title slide, one slide per section (its paragraphs, list items
 * and table rows as bullets, footnote markers kept as [n] so figures still name their source) and
 * the sources at the end. The same outline is answered as JSON or written as a .pptx.
 */

/** Bullets per slide: enough to read on a projector; a longer section continues on the next slide. */
const BULLETS_PER_SLIDE = 10;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out.length > 0 ? out : [[]];
}

/** Markdown to plain text: emphasis dropped, `[^3]` as `[3]`. */
function plain(text: string): string {
  return text
    .replace(/\[\^(\d+)\]/g, '[$1]')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\*(.+?)\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A section's bullets: list items and table rows one each, paragraphs one each. */
function bulletsOf(markdown: string): string[] {
  const bullets: string[] = [];
  for (const line of markdown.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || /^\|\s*-{3}/.test(trimmed)) continue;
    if (trimmed.startsWith('|')) {
      const cells = trimmed
        .split('|')
        .map((cell) => cell.trim())
        .filter(Boolean);
      // The header row of a table says nothing a slide needs.
      if (cells[0] === 'Metric' || cells[0] === 'Term') continue;
      const [label, value, period] = cells;
      const note = period && period !== '—' ? ` (${period})` : '';
      bullets.push(plain(value ? `${label}: ${value}${note}` : (label ?? '')));
      continue;
    }
    bullets.push(plain(trimmed.replace(/^[-*]\s+/, '')));
  }
  return bullets.filter(Boolean);
}

export function presentationOf(memo: TIcMemo): TIcPresentation {
  const title = `IC memo: ${memo.company_name}`;
  const slides: TIcPresentation['slides'] = [
    {
      section: null,
      title,
      bullets: [
        `Version v${memo.version}, prepared ${memo.created_at.slice(0, 10)} by ${memo.metadata.generated_by}`,
        ...(memo.metadata.terms_are_proposal ? ['Deal terms are a proposal: no term sheet is uploaded'] : []),
      ],
    },
    ...IC_MEMO_SECTIONS.flatMap((section) =>
      chunks(bulletsOf(memo.content[section] ?? ''), BULLETS_PER_SLIDE).map((bullets, index) => ({
        section,
        title: `${IC_MEMO_SECTION_TITLES[section]}${index > 0 ? ' (continued)' : ''}`,
        bullets,
      })),
    ),
  ];
  if (memo.footnotes.length > 0) {
    const sources = memo.footnotes.map((footnote) =>
      plain(`[${footnote.n}] ${footnote.source} — ${footnote.content_excerpt}`),
    );
    for (const bullets of chunks(sources, BULLETS_PER_SLIDE))
      slides.push({ section: null, title: 'Sources', bullets });
  }
  return {
    memo_id: memo.id,
    deal_id: memo.deal_id,
    company_name: memo.company_name,
    version: memo.version,
    title,
    slides,
    footnotes: memo.footnotes,
  };
}

/** The outline as a PowerPoint file (16:9), one slide per outline slide. */
export async function presentationPptx(presentation: TIcPresentation): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = presentation.title;
  pptx.company = presentation.company_name;
  for (const outline of presentation.slides) {
    const slide = pptx.addSlide();
    slide.addText(outline.title, {
      x: 0.5,
      y: 0.3,
      w: 12.3,
      h: 0.8,
      fontSize: 28,
      bold: true,
      color: '1F2937',
    });
    if (outline.bullets.length > 0) {
      slide.addText(
        outline.bullets.map((bullet) => ({ text: bullet, options: { bullet: true, breakLine: true } })),
        { x: 0.5, y: 1.3, w: 12.3, h: 5.8, fontSize: 14, color: '374151', valign: 'top', fit: 'shrink' },
      );
    }
  }
  const output = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.isBuffer(output) ? output : Buffer.from(output as ArrayBuffer);
}

/** "Acme Ltd" → "ic_memo_acme_ltd_v2.pptx": safe in a content-disposition header. */
export function presentationFilename(presentation: TIcPresentation): string {
  const slug = presentation.company_name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .slice(0, 60);
  return `ic_memo_${slug || 'deal'}_v${presentation.version}.pptx`;
}
