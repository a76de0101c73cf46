/**
 * Funding extraction on the development corpus of real TechCrunch feeds (issue 18 §1): every feed
 * through the feed parser, every item through the extractor with title and summary, as ingest does,
 * against the hand labels. Guards precision, recall and "never a valuation as the amount". Skipped
 * where the shared corpus is not checked out next to the repository.
 */
import { describe, expect, it } from 'vitest';
import { corpusAvailable, readCorpus, score } from './testing/news-corpus.ts';

describe.skipIf(!corpusAvailable())('funding news on the labelled real feeds', () => {
  const result = score(readCorpus());
  const listing = result.mismatches.map((m) => `${m.kind} ${m.feed}#${m.index} ${m.title}`).join('\n');

  it('reads every labelled item of the four feeds, the feed-reader store included', () => {
    expect(result.items).toBe(164);
    expect(result.labelled_rounds).toBe(27);
  });

  it('finds rounds with precision ≥ 0.95 and recall ≥ 0.9', () => {
    expect(result.precision, listing).toBeGreaterThanOrEqual(0.95);
    expect(result.recall, listing).toBeGreaterThanOrEqual(0.9);
  });

  it('never takes a valuation for the round size, and reads company and amount right', () => {
    expect(result.valuations_as_amounts, listing).toBe(0);
    expect(result.company_accuracy, listing).toBeGreaterThanOrEqual(0.95);
    expect(result.amount_accuracy, listing).toBeGreaterThanOrEqual(0.95);
  });
});
