import { quoted } from '../../assistant/index.ts';
import { Footnotes, inline } from '../footnotes.ts';
import type { CitedMetric, CitedTerm, IcMemoFacts } from '../ic-memo-facts.ts';

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
    return `${this.cited(quoted(metric), metric.citation)}${period}`;
  }

  gap(sentence: string): string {
    if (!this.gaps.includes(sentence)) this.gaps.push(sentence);
    return `*Not in the data:* ${sentence}`;
  }

  term(name: string): CitedTerm | undefined {
    return this.facts.terms?.items.find((item) => item.name === name);
  }
}
