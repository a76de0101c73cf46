import { quoted } from '../../assistant/index.ts';
import { Footnotes, inline } from '../footnotes.ts';
import type { CitedMetric, CitedTerm, IcMemoFacts } from '../ic-memo-facts.ts';

/** How the memo marks a document's figure that is not on the deal record (issue 18 §4). */
export const NOT_YET_ACCEPTED = 'from the document, not yet accepted';

/** What every section template writes with: the facts, the footnotes and the data gaps found so far. */
export class Writer {
  readonly notes: Footnotes;
  readonly gaps: string[] = [];

  constructor(
    readonly facts: IcMemoFacts,
    notes = new Footnotes(),
  ) {
    this.notes = notes;
  }

  /** A figure with its footnote marker. */
  cited(text: string, citation: Parameters<Footnotes['cite']>[0]): string {
    return `${inline(text)}${this.notes.cite(citation)}`;
  }

  metric(name: string): CitedMetric | undefined {
    return this.facts.metrics.find((metric) => metric.name === name);
  }

  figure(metric: CitedMetric): string {
    const period = metric.period && metric.period !== 'annual' ? ` (${metric.period})` : '';
    const pending = metric.not_yet_accepted ? ` — ${NOT_YET_ACCEPTED}` : '';
    return `${this.cited(quoted(metric), metric.citation)}${period}${pending}`;
  }

  gap(sentence: string): string {
    if (!this.gaps.includes(sentence)) this.gaps.push(sentence);
    return `*Not in the data:* ${sentence}`;
  }

  term(name: string): CitedTerm | undefined {
    return this.facts.terms?.items.find((item) => item.name === name);
  }
}
