/**
 * Accuracy of the built-in analyst on the real corpus (/work/shared/corpus, see its README): for every
 * labelled key metric, whether the analyst found it (value and page / cell), found another reading the
 * label names, found it elsewhere, got it wrong, or missed it; document types against the labels; and
 * what it reported for documents with no company figures (which should be nothing).
 *
 *   npx tsx bench/analyst-accuracy.ts
 *   ATEMPO_CORPUS_DIR=/path/to/corpus npx tsx bench/analyst-accuracy.ts
 *   BENCH_PDF_ENGINE=pdfjs npx tsx bench/analyst-accuracy.ts     # PDFs by pdf.js even where poppler is installed
 *
 * Decks (/work/shared/corpus/decks, labels named for what the slide says) are scored per deck: labelled
 * figures correct (value, page, projection or actual) or missing, and reported figures that a label
 * contradicts (wrong), that come from another page (misplaced), or that no label speaks of (extra).
 *
 * Files are read with extractDocument, as the pipeline reads them (PDFs by pdftotext when poppler is
 * installed, else pdf.js, unless BENCH_PDF_ENGINE says); the time shown is the analysis only.
 */

import {
  compareMetrics,
  loadLabels,
  type MetricResult,
  tally,
} from '../packages/documents/src/analyst/test-support/accuracy.ts';
import { loadCorpusDocument } from '../packages/documents/src/analyst/test-support/corpus.ts';
import {
  compareDeck,
  type DeckTally,
  loadDeckLabels,
  tallyDeck,
} from '../packages/documents/src/analyst/test-support/deck-accuracy.ts';
import { analyseDocument, type PdfEngine, preferredPdfEngine } from '../packages/documents/src/index.ts';

const engine = (process.env.BENCH_PDF_ENGINE as PdfEngine | undefined) ?? (await preferredPdfEngine());
if (engine !== 'pdfjs' && engine !== 'pdftotext') throw new Error('BENCH_PDF_ENGINE is pdfjs or pdftotext');
console.log(`PDFs read by ${engine}`);

const results: MetricResult[] = [];
const rows: string[] = [];
/** Every labelled figure, key metric or not (shares outstanding, a ministry's budget, a cost of capital). */
let labelledFigures = 0;
let typesRight = 0;
let typesTotal = 0;
for (const label of loadLabels()) {
  const doc = await loadCorpusDocument(label.file, engine);
  const started = performance.now();
  const analysis = analyseDocument(doc, { filename: label.file.split('/').pop() ?? label.file });
  const took = performance.now() - started;
  const typeOk = label.acceptable_types.includes(analysis.document_type);
  typesTotal++;
  if (typeOk) typesRight++;
  labelledFigures += Object.keys(label.metrics).length;
  const r = compareMetrics(label, analysis);
  results.push(...r);
  const extra = label.no_company_financials
    ? ` reported ${Object.keys(analysis.key_metrics).length} metrics (expected none)`
    : '';
  rows.push(
    `${label.file}: ${analysis.document_type} (${analysis.confidence_score}) ${typeOk ? 'ok' : `expected ${label.expected_type}`}, ${took.toFixed(0)} ms${extra}`,
  );
  for (const x of r) {
    const found = x.found ? `${x.found.value} @ ${x.found.where} (${x.found.period})` : '—';
    rows.push(
      `  ${x.outcome.padEnd(11)} ${x.metric.padEnd(20)} expected ${x.expected.value} @ ${x.expected.where}; found ${found}`,
    );
  }
}
console.log(rows.join('\n'));
const t = tally(results);
const reported = t.correct + t.alternative + t.misplaced + t.wrong;
console.log(
  `\nlabelled key metrics: ${results.length}; correct ${t.correct}, alternative reading ${t.alternative}, right value elsewhere ${t.misplaced}, wrong ${t.wrong}, missing ${t.missing}`,
);
console.log(
  `precision (correct or alternative among reported): ${reported ? ((t.correct + t.alternative + t.misplaced) / reported).toFixed(3) : 'n/a'}`,
);
console.log(`document types: ${typesRight}/${typesTotal} acceptable`);
// Issue 18 §6's three shares: (a) of the labelled figures the analyst's metric list names, those it
// reported (correct, the label's other reading, or the right value elsewhere); (b) the same over
// every labelled figure; (c) of those reported, the ones citing the labelled page or cell.
const found = t.correct + t.alternative + t.misplaced;
const rightPlace = results.filter(
  (r) => r.found && r.outcome !== 'wrong' && r.outcome !== 'misplaced' && r.found.where === r.expected.where,
).length;
const share = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 1000 : null);
const summary = {
  engine,
  labelled_figures: labelledFigures,
  labelled_key_metrics: results.length,
  ...t,
  found_of_key_metrics: share(found, results.length),
  found_of_all_labelled: share(found, labelledFigures),
  right_place_of_found: share(rightPlace, found),
  wrong_of_reported: share(t.wrong, reported),
};
console.log(JSON.stringify(summary));
console.log(
  `figures found: ${found}/${results.length} of the metric list (${summary.found_of_key_metrics}), ${found}/${labelledFigures} of all labelled (${summary.found_of_all_labelled}); ${rightPlace}/${found} cite the labelled page or cell; ${t.wrong} wrong`,
);

// Decks: per deck, labelled figures correct / missing, reported figures wrong / misplaced / extra.
const deckRows: string[] = [];
const perDeck: Record<string, DeckTally & { figures_reported: number; notices: string[] }> = {};
const total: DeckTally = { labelled: 0, correct: 0, missing: 0, wrong: 0, misplaced: 0, extra: 0 };
for (const deck of loadDeckLabels()) {
  const doc = await loadCorpusDocument(deck.file, engine);
  const analysis = analyseDocument(doc, { filename: deck.file.split('/').pop() ?? deck.file });
  const { labels, figures } = compareDeck(deck, analysis);
  const t = tallyDeck(labels, figures);
  for (const k of Object.keys(total) as Array<keyof DeckTally>) total[k] += t[k];
  perDeck[deck.file] = {
    ...t,
    figures_reported: Object.keys(analysis.key_metrics).length,
    notices: analysis.notices,
  };
  deckRows.push(
    `${deck.file}: ${analysis.document_type}; labelled ${t.labelled}: correct ${t.correct}, missing ${t.missing}; reported ${Object.keys(analysis.key_metrics).length}: wrong ${t.wrong}, misplaced ${t.misplaced}, extra ${t.extra}`,
  );
  for (const l of labels)
    deckRows.push(
      `  ${l.outcome.padEnd(9)} ${l.label.padEnd(34)} expected ${l.expected}; found ${l.found ?? '—'}`,
    );
  for (const f of figures.filter((x) => x.outcome !== 'matched'))
    deckRows.push(
      `  ${f.outcome.toUpperCase().padEnd(9)} ${f.metric.padEnd(34)} ${f.found}${f.why ? ` — ${f.why}` : ''}`,
    );
  if (Object.keys(analysis.key_metrics).length === 0)
    deckRows.push(`  no figures; notices: ${analysis.notices.join(' ') || '—'}`);
}
console.log(`\ndecks (PDFs read by ${engine}):\n${deckRows.join('\n')}`);
console.log(JSON.stringify({ engine, decks: { total, per_deck: perDeck } }));
console.log(
  `decks: ${total.labelled} labelled key figures; correct ${total.correct}, missing ${total.missing}; reported figures wrong ${total.wrong}, misplaced ${total.misplaced}, extra ${total.extra}`,
);
