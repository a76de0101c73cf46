/** The round's stage, read from the words a funding headline uses (spec: pre-seed … Series D+, growth, debt). */
import type { TFundingStage } from '@atempo/contracts';

/** "Series A", "Series A1", "Series B-2", "Series C+", "Series A extension"; not "pre-Series A". */
const SERIES = /(?<!pre[\s-]?)\bseries[\s-]+([a-z])(?:-?\d|\+)?(?![a-z])/i;
/** "pre-Series A": the round before that series, so the stage before it (pre-Series A is a seed round). */
const PRE_SERIES = /\bpre[\s-]?series[\s-]+([a-z])(?![a-z])/i;
const PRE_SEED = /\bpre[\s-]?seed\b/i;
/**
 * Seed as a round, not the word: "seed round", "$2M seed", "a seed extension", "Seed+" — not
 * "from seed to sale" or "seed funds".
 */
const SEED =
  /\bseed(?:[\s-]+(?:round|funding|financing|investment|stage|capital|extension|raise|money|cash|deal|ticket)\b|\+)|(?:\b(?:a|an|its|their|the|in|new|oversubscribed|first)|\d(?:[kmb]n?|million|bn)?|[€£$])\s+seed\b(?!\s+(?:fund|funds|investors?|investment firm)\b)/i;
/** Debt words: a venture-debt or credit line is our own product's kind of round. */
const DEBT =
  /\b(venture[\s-]debt|debt (?:financing|facility|funding|round|package|raise)|credit (?:facility|line)|loan facility|revenue[\s-]based financing|debt and equity|equity and debt|warehouse facility)\b/i;
const GROWTH = /\b(growth (?:round|equity|funding|investment|capital)|pre[\s-]ipo|late[\s-]stage)\b/i;

function seriesStage(letter: string): TFundingStage {
  const upper = letter.toUpperCase();
  return upper === 'A' || upper === 'B' || upper === 'C' ? `Series ${upper}` : 'Series D+';
}

/**
 * Series A/B/C read as such, Series D and later as Series D+. A named series in any of the texts
 * (title, then summary) wins over other stage words, "pre-Series X" reads as the stage before X ("€60m in equity and debt" whose summary names a
 * Series B is a Series B); then pre-seed, seed, debt and growth words, title first.
 */
export function findStage(...texts: string[]): TFundingStage | null {
  for (const text of texts) {
    const series = SERIES.exec(text);
    if (series) return seriesStage(series[1]!);
    const preSeries = PRE_SERIES.exec(text);
    if (preSeries) {
      const letter = preSeries[1]!.toUpperCase();
      return letter === 'A' ? 'Seed' : seriesStage(String.fromCharCode(letter.charCodeAt(0) - 1));
    }
  }
  for (const text of texts) {
    if (PRE_SEED.test(text)) return 'Pre-Seed';
    if (SEED.test(text)) return 'Seed';
    if (DEBT.test(text)) return 'Debt';
    if (GROWTH.test(text)) return 'Growth';
  }
  return null;
}
