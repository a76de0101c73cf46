import { IC_MEMO_SECTION_TITLES, type TIcMemoSection } from '@atempo/contracts';
import { figuresIn } from '../../platform/ai/figure-check.ts';
import { citedPieces } from './footnotes.ts';

/**
 * The executive summary of a copy that leaves sections out. The summary repeats what the other
 * sections conclude ("Key figures…", the red-flag score, "Decision proposed… (see Recommendation)");
 * a copy without those sections must not quote them either. A summary sentence is left out when it
 * names a left-out section or states a cited figure that only a left-out section holds; every
 * other sentence is kept word for word, with its footnote markers, so its figures stay cited.
 * Works on any stored summary, whether the template or a model wrote it.
 */

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The text's sentences; joined back they are the text itself, line breaks included. */
const sentencesOf = (markdown: string) => [...SENTENCES.segment(markdown)].map((part) => part.segment);

/** Each figure the text states with its footnote, as `figure[^n]` (e.g. "€8,400,000[^2]"). */
function citedFigures(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const sentence of sentencesOf(markdown))
    for (const piece of citedPieces(sentence))
      for (const figure of figuresIn(piece.text))
        for (const n of piece.notes) found.add(`${figure.text}[^${n}]`);
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function summaryForCopy(
  sections: Partial<Record<TIcMemoSection, string>>,
  leftOut: readonly TIcMemoSection[],
): string | undefined {
  const summary = sections.executive_summary;
  if (summary === undefined || leftOut.length === 0) return summary;
  const shown = new Set<string>();
  for (const [section, markdown] of Object.entries(sections) as [TIcMemoSection, string][]) {
    if (section !== 'executive_summary' && !leftOut.includes(section))
      for (const figure of citedFigures(markdown)) shown.add(figure);
  }
  const onlyLeftOut = new Set(
    leftOut
      .flatMap((section) => [...citedFigures(sections[section] ?? '')])
      .filter((figure) => !shown.has(figure)),
  );
  const namesLeftOut = new RegExp(
    `\\b(?:${leftOut.map((section) => escapeRegExp(IC_MEMO_SECTION_TITLES[section])).join('|')})\\b`,
  );
  return sentencesOf(summary)
    .filter(
      (sentence) =>
        !namesLeftOut.test(sentence) &&
        ![...citedFigures(sentence)].some((figure) => onlyLeftOut.has(figure)),
    )
    .join('');
}
