/**
 * The built-in analyst on the real pitch decks of the corpus (/work/shared/corpus/decks, labels checked
 * by hand against the slides), read as the pipeline reads them, by pdftotext -layout and by pdf.js.
 * The floor is what the layout reading reaches (bench/analyst-accuracy.ts prints the detail): a
 * regression that loses figures, or reports one a label contradicts, fails here.
 */
import { ZKeyMetric } from '@atempo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PdfEngine } from '../index.ts';
import { popplerAvailable } from '../pdf/poppler.ts';
import { analyseDocument, type BuiltInAnalysis } from './analyse.ts';
import { CORPUS_DIR, CORPUS_PRESENT, loadCorpusDocument } from './test-support/corpus.ts';
import { compareDeck, type DeckLabel, loadDeckLabels, tallyDeck } from './test-support/deck-accuracy.ts';

const ENGINES: PdfEngine[] = (await popplerAvailable()) ? ['pdftotext', 'pdfjs'] : ['pdfjs'];

/** Labelled deck figures found with value, page and kind, out of 36 scored (as measured on 2026-11-29). */
const FLOOR = { pdftotext: 31, pdfjs: 31 } as const;

describe.skipIf(!CORPUS_PRESENT).each(ENGINES)(
  `the analyst on the real decks (${CORPUS_DIR}/decks), read by %s`,
  (engine) => {
    const analyses = new Map<string, BuiltInAnalysis>();
    let decks: DeckLabel[] = [];

    beforeAll(async () => {
      decks = loadDeckLabels();
      for (const deck of decks) {
        const doc = await loadCorpusDocument(deck.file, engine);
        analyses.set(deck.file, analyseDocument(doc, { filename: deck.file.split('/').pop() ?? deck.file }));
      }
    }, 600_000);

    const analysis = (file: string): BuiltInAnalysis => {
      const a = analyses.get(file);
      if (!a) throw new Error(`${file} was not analysed`);
      return a;
    };

    it('reports no figure a label contradicts, and finds the labelled ones with their page', () => {
      let correct = 0;
      let labelled = 0;
      for (const deck of decks) {
        const { labels, figures } = compareDeck(deck, analysis(deck.file));
        const t = tallyDeck(labels, figures);
        correct += t.correct;
        labelled += t.labelled;
        for (const f of figures.filter((x) => x.outcome === 'wrong'))
          expect.soft(`${f.metric} ${f.found} (${f.why})`, deck.file).toBe('no wrong figure');
      }
      console.log(`decks read by ${engine}: ${correct} of ${labelled} labelled key figures correct`);
      expect(labelled).toBe(36);
      expect(correct).toBeGreaterThanOrEqual(FLOOR[engine as keyof typeof FLOOR]);
    });

    it('reads the raise of every deck that has a text layer, with its page and literal', () => {
      for (const deck of decks.filter((d) => d.metrics.raise_amount)) {
        const raise = analysis(deck.file).key_metrics.raise_amount;
        expect.soft(raise?.literal, deck.file).toBeTruthy();
        expect.soft(raise?.source.page, deck.file).toBeGreaterThan(0);
      }
    });

    it('keeps projections as projections: no figure a label calls a forecast is reported as an actual', () => {
      for (const deck of decks) {
        const { figures } = compareDeck(deck, analysis(deck.file));
        const asActual = figures.filter((f) => f.why === 'a projection reported as an actual');
        expect.soft(asActual, deck.file).toEqual([]);
      }
    });

    it('gives no figure for the deck without a text layer, and says it could not read it', () => {
      const imageOnly = decks.filter((d) => d.text_layer === false);
      expect(imageOnly.length).toBe(1);
      for (const deck of imageOnly) {
        const a = analysis(deck.file);
        expect(a.key_metrics).toEqual({});
        expect(a.notices.join(' ')).toMatch(/no text was found/i);
      }
    });

    it('answers the contract shape for every figure', () => {
      for (const deck of decks)
        for (const m of Object.values(analysis(deck.file).key_metrics))
          expect.soft(ZKeyMetric.safeParse(m).success, deck.file).toBe(true);
    });
  },
);
