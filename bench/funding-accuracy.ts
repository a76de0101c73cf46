/**
 * Funding news extraction on real feeds (issue 18 §1): precision and recall of "is a startup
 * funding round" and the accuracy of company, amount (never the valuation), stage and lead
 * investor, on the development corpus `../shared/corpus/funding_news` (164 labelled TechCrunch
 * items). Every feed goes through the server's feed parser and every item through
 * `extractFundingRound` with title and summary, as the ingest path does. Prints every false
 * positive and negative and every wrong field with the reason, then a JSON summary and one line.
 *
 *   npx tsx bench/funding-accuracy.ts
 *   FUNDING_NEWS_CORPUS=/path/to/funding_news npx tsx bench/funding-accuracy.ts
 */
import { readCorpus, score } from '../apps/server/src/modules/funding-news/testing/news-corpus.ts';

const started = performance.now();
const items = readCorpus();
const result = score(items);
const elapsed = performance.now() - started;

for (const m of result.mismatches) {
  console.log(
    `${m.kind.padEnd(19)} ${m.feed.slice(0, 28)}#${m.index}  ${m.title.slice(0, 90)}\n${' '.repeat(20)}expected ${JSON.stringify(m.expected)}, found ${JSON.stringify(m.found)}`,
  );
}
const { mismatches, ...figures } = result;
console.log(
  JSON.stringify({ ...figures, mismatch_count: mismatches.length, ms: Math.round(elapsed) }, null, 2),
);
console.log(
  `funding news: precision ${figures.precision}, recall ${figures.recall} (${figures.true_positives} TP, ${figures.false_positives} FP, ${figures.false_negatives} FN of ${figures.labelled_rounds} rounds in ${figures.items} items); company ${figures.company_accuracy}, amount ${figures.amount_accuracy}, valuations as amounts ${figures.valuations_as_amounts}, stage ${figures.stage_accuracy}, lead ${figures.lead_accuracy}`,
);
