import type { NormalisedQuestion } from '../question.ts';
import { METRIC_CONCEPTS } from '../vocabulary.ts';

/** Metric concepts the question names, a longer phrase taking its words from a shorter one. */
export function findMetrics(question: NormalisedQuestion): string[] {
  const taken: [number, number][] = [];
  const found: { key: string; index: number }[] = [];
  const phrases = METRIC_CONCEPTS.flatMap((c) => c.phrases.map((phrase) => ({ key: c.key, phrase })));
  phrases.sort((a, b) => b.phrase.length - a.phrase.length);
  for (const { key, phrase } of phrases) {
    let from = 0;
    for (;;) {
      const at = question.padded.indexOf(` ${phrase} `, from);
      if (at < 0) break;
      const start = question.padded.slice(0, at + 1).split(' ').length - 1;
      const end = start + phrase.split(' ').length;
      from = at + 1;
      if (taken.some(([s, e]) => start < e && s < end)) continue;
      taken.push([start, end]);
      if (!found.some((f) => f.key === key)) found.push({ key, index: start });
    }
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.key);
}
