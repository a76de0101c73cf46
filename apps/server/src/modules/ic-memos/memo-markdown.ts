import {
  IC_MEMO_SECTION_TITLES,
  IC_MEMO_SECTIONS,
  type TIcMemoFootnote,
  type TIcMemoSection,
} from '@atempo/contracts';
import { footnoteDefinitions, inline } from './footnotes.ts';

export interface MemoHeading {
  company_name: string;
  deal_number: number;
  version: number;
  /** ISO date-time of generation. */
  created_at: string;
  generated_by: string;
  terms_are_proposal: boolean;
}

/** The memo as one markdown document: title, the ten sections in order, then the footnotes. */
export function formatMemoMarkdown(
  heading: MemoHeading,
  content: Record<TIcMemoSection, string>,
  footnotes: TIcMemoFootnote[],
): string {
  const parts = [
    `# Investment Committee Memo: ${inline(heading.company_name)}`,
    `Deal #${heading.deal_number} · v${heading.version} · prepared ${heading.created_at.slice(0, 10)} by ${heading.generated_by}${
      heading.terms_are_proposal ? ' · deal terms are a proposal' : ''
    }`,
    ...IC_MEMO_SECTIONS.map(
      (section) => `## ${IC_MEMO_SECTION_TITLES[section]}\n\n${content[section].trim()}`,
    ),
  ];
  if (footnotes.length > 0) parts.push(`## Sources\n\n${footnoteDefinitions(footnotes)}`);
  return `${parts.join('\n\n')}\n`;
}
