import type { TIcMemo, TIcMemoFootnote, TIcMemoSection } from '@atempo/contracts';
import { generateText } from 'ai';
import type { Logger } from 'pino';
import { figuresIn, findUnsupportedFigures } from '../../platform/ai/figure-check.ts';
import type { ConfiguredModel } from '../../platform/ai/language-model.ts';
import { citedNumbers, citedPieces, FOOTNOTE_MARKER } from './footnotes.ts';

/**
 * With a model configured, it rewrites the prose sections of the template memo as a credit analyst
 * would, from the same cited facts. The figure tables (financial analysis, deal terms) stay as the
 * template wrote them. Every section the model writes is held to the facts: a figure no footnote
 * or template line contains, or a footnote that does not exist, and that section is written from
 * the template instead, and the metadata says which and why.
 */

export const PROSE_SECTIONS: readonly TIcMemoSection[] = [
  'executive_summary',
  'company_overview',
  'market_opportunity',
  'competitive_landscape',
  'product_technology',
  'team_assessment',
  'risk_assessment',
  'recommendation',
];

const MAX_OUTPUT_TOKENS = 3_000;
/** Numbers a section may use without a source: scores are out of ten. */
const ALLOWED = ['scores are out of 10'];

export type TemplateFallback = NonNullable<TIcMemo['metadata']['template_fallbacks']>[number];

export interface ModelProse {
  content: Partial<Record<TIcMemoSection, string>>;
  fallbacks: TemplateFallback[];
}

const SYSTEM = [
  'You write sections of an investment-committee memo for a venture-debt lender.',
  'Rewrite each draft section given as clear, concise prose for the credit committee. Use only the facts in the drafts and the footnotes: add no figure, date or name that is not there.',
  'Every figure you write must be copied from the drafts or footnotes and followed by its footnote marker exactly as in the draft, for example €8,400,000[^3].',
  'Where a draft says something is not in the data, say so too and say what to upload; never fill the gap.',
  'Answer with one JSON object only, no code fence: its keys are the section names given, its values the markdown of each section.',
].join('\n');

const stripMarkers = (text: string) => text.replace(FOOTNOTE_MARKER, '');

/** Figures written after the last footnote marker of their line: stated without a source. */
export function figuresWithoutFootnote(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const parts = line.split(/\[\^\d+\]/);
    return figuresIn(parts.at(-1) ?? '').map((figure) => figure.text);
  });
}

/**
 * Figures stated next to a footnote whose source does not hold them: the text is cut after each
 * run of markers, and each piece's figures must be in the words of the footnotes right after it.
 */
export function misattributedFigures(text: string, footnotes: TIcMemoFootnote[]): string[] {
  const byNumber = new Map(footnotes.map((footnote) => [footnote.n, footnote]));
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const piece of citedPieces(line)) {
      if (piece.notes.length === 0) continue;
      const cited = piece.notes
        .map((n) => byNumber.get(n))
        .filter((footnote): footnote is TIcMemoFootnote => Boolean(footnote))
        .map((footnote) => `${footnote.source} ${footnote.content_excerpt}`);
      found.push(...findUnsupportedFigures(piece.text, cited, ALLOWED));
    }
  }
  return found;
}

/** The first JSON object in the model's text (models sometimes wrap it in a fence or a sentence). */
function parseSections(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function writeProseWithModel(
  configured: ConfiguredModel,
  draft: Record<TIcMemoSection, string>,
  footnotes: TIcMemoFootnote[],
  options: { logger: Logger; companyName: string },
): Promise<ModelProse> {
  const everySection = (reason: string): ModelProse => ({
    content: {},
    fallbacks: PROSE_SECTIONS.map((section) => ({ section, reason, unsupported_figures: [] })),
  });
  const request = {
    company: options.companyName,
    sections: Object.fromEntries(PROSE_SECTIONS.map((section) => [section, draft[section]])),
    footnotes: footnotes.map((footnote) => ({
      n: footnote.n,
      source: footnote.source,
      excerpt: footnote.content_excerpt,
    })),
  };
  let text: string;
  try {
    const result = await generateText({
      model: configured.model,
      system: SYSTEM,
      prompt: JSON.stringify(request),
      maxRetries: 0,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      temperature: 0,
      abortSignal: AbortSignal.timeout(2 * configured.timeoutMs),
    });
    text = result.text;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.logger.warn({ err: error }, 'IC memo: the model failed; every section written from the template');
    return everySection(`The model did not answer (${reason.slice(0, 200)})`);
  }
  const sections = parseSections(text);
  if (!sections) return everySection('The model did not answer with the sections as JSON');

  // What the model may state: the footnotes' words and the template's own lines.
  const facts = [
    footnotes.map((footnote) => `${footnote.source} ${footnote.content_excerpt}`),
    PROSE_SECTIONS.map((section) => stripMarkers(draft[section])),
  ];
  const prose: ModelProse = { content: {}, fallbacks: [] };
  for (const section of PROSE_SECTIONS) {
    const written = sections[section];
    if (typeof written !== 'string' || !written.trim()) {
      prose.fallbacks.push({
        section,
        reason: 'The model did not write this section',
        unsupported_figures: [],
      });
      continue;
    }
    const unknownNotes = citedNumbers(written).filter((n) => n < 1 || n > footnotes.length);
    if (unknownNotes.length > 0) {
      prose.fallbacks.push({
        section,
        reason: `The model cited footnotes that do not exist: ${[...new Set(unknownNotes)].join(', ')}`,
        unsupported_figures: [],
      });
      continue;
    }
    const unsupported = findUnsupportedFigures(stripMarkers(written), facts, ALLOWED);
    if (unsupported.length > 0) {
      prose.fallbacks.push({
        section,
        reason: 'The model wrote figures the facts do not contain',
        unsupported_figures: unsupported,
      });
      continue;
    }
    const misattributed = misattributedFigures(written, footnotes);
    if (misattributed.length > 0) {
      prose.fallbacks.push({
        section,
        reason: 'The model cited figures to sources that do not hold them',
        unsupported_figures: misattributed,
      });
      continue;
    }
    const unsourced = figuresWithoutFootnote(written);
    if (unsourced.length > 0) {
      prose.fallbacks.push({
        section,
        reason: 'The model wrote figures without their footnote',
        unsupported_figures: unsourced,
      });
      continue;
    }
    prose.content[section] = written.trim();
  }
  return prose;
}
