import type { ExtractionBudget } from '../budget.ts';
import type { TextPage } from '../types.ts';

/**
 * Word files have no fixed pages, so their text is cut into numbered sections that play the part
 * of pages for citations ("section 3"): a new section starts at a heading or a page break, and a
 * long run without either is cut every SECTION_BLOCKS blocks (paragraphs or table rows), between
 * blocks, never inside a table.
 */
export const SECTION_BLOCKS = 40;

export class SectionBuilder {
  private readonly sections: TextPage[] = [];
  private lines: string[] = [];
  private blocks = 0;
  pagesCut = false;

  constructor(private readonly budget: ExtractionBudget) {}

  /** Adds a unit that stays in one section: a paragraph (one line) or a whole table (its rows). */
  add(lines: string[]): void {
    if (this.full) return;
    if (this.blocks >= SECTION_BLOCKS) this.close();
    this.lines.push(...lines);
    this.blocks += Math.max(1, lines.length);
  }

  /** A heading or page break: what follows starts a new section (an empty section is not kept). */
  boundary(): void {
    this.close();
  }

  get full(): boolean {
    return this.pagesCut || this.budget.exhausted;
  }

  finish(): TextPage[] {
    this.close();
    return this.sections;
  }

  private close(): void {
    const text = this.lines
      .join('\n')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    this.lines = [];
    this.blocks = 0;
    if (!text || this.full) return;
    if (this.sections.length >= this.budget.limits.maxPages) {
      this.pagesCut = true;
      return;
    }
    this.sections.push({ number: this.sections.length + 1, text: this.budget.takeText(text) });
  }
}

export function sectionLimitNotice(builder: SectionBuilder, maxPages: number): string[] {
  if (!builder.pagesCut) return [];
  return [`Only the first ${maxPages.toLocaleString('en-US')} sections of the document were read.`];
}
