/**
 * Figures of pitch decks read the way slides are laid out (slide-layout.ts): a figure with the words
 * of its own box (heading above, caption below, label to the left), here; a figure inside a sentence
 * with the nearest words of its clause (slide-clauses.ts); tables of months or years with their
 * headers (slide-tables.ts). Market slides give nothing. Every figure
 * keeps its page and its literal as printed; a forecast, target or estimate is kept as a projection
 * with its period, never as an actual; a range keeps both ends.
 */
import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import type { ParsedAmount } from './amounts.ts';
import {
  type DeckReading,
  MARKET,
  MARKET_TITLE,
  PROJECTION_TITLE,
  PROJECTION_WORDS,
  readCaption,
} from './deck-vocabulary.ts';
import { type Candidate, round } from './metric-candidate.ts';
import { fromClauses } from './slide-clauses.ts';
import { type Found, goalAmount, monthlyBasis, periodOf, SCORE, unitsFor } from './slide-found.ts';
import { type LayoutLine, layoutLines, type SlideBox, slideBoxes } from './slide-layout.ts';
import { fromMonthTables, fromPeriodColumns } from './slide-tables.ts';
import { clip, pageSource } from './source.ts';

export function deckCandidates(doc: ExtractedDocument): Candidate[] {
  const out: Candidate[] = [];
  let order = 0;
  for (const page of doc.pages) {
    const lines = layoutLines(page.text);
    if (lines.length === 0) continue;
    const title = pageTitle(lines);
    if (MARKET_TITLE.test(title)) continue;
    const found = [
      ...fromBoxes(slideBoxes(lines)),
      ...fromClauses(lines),
      ...fromMonthTables(lines),
      ...fromPeriodColumns(lines, PROJECTION_TITLE.test(title)),
    ];
    for (const [f, score] of found) {
      const metric = toMetric(f, title, page.number);
      const sure = f.reading.explicit ? 6 : 0;
      if (metric) out.push({ name: f.reading.name, metric, score: score + sure, order: order++ });
    }
  }
  return out;
}

/** The first printed lines of a slide: its title. */
export function pageTitle(lines: LayoutLine[]): string {
  return lines
    .slice(0, 2)
    .map((l) => l.text.trim())
    .join(' ');
}

/**
 * Reviews the figures the generic readers found on slides (a table row, a line) with each slide's
 * layout: a figure is dropped when its slide is about the market or its box is a market size
 * ("SOM / $52M / (Revenue)"), and kept as a projection when its words or its slide's title forecast it.
 * Each slide is laid out once.
 */
export function slideFigureReviewer(
  doc: ExtractedDocument,
  deck: Candidate[],
): (c: Candidate) => Candidate | null {
  // a figure the layout reading found to be a forecast is one whichever reader finds it again
  const forecastLiterals = new Set(
    deck
      .filter((c) => c.metric.kind === 'projection' && c.metric.literal)
      .map((c) => `${c.metric.source.page}|${c.metric.literal}`),
  );
  const slides = new Map<number, { market: boolean; forecast: boolean; marketLiterals: Set<string> }>();
  const slide = (page: number) => {
    let s = slides.get(page);
    if (!s) {
      const lines = layoutLines(doc.pages.find((p) => p.number === page)?.text ?? '');
      const title = pageTitle(lines);
      const market = MARKET_TITLE.test(title);
      const marketLiterals = new Set(
        market
          ? []
          : slideBoxes(lines)
              .filter(boxIsMarket)
              .map((b) => b.figure.literal),
      );
      s = { market, forecast: PROJECTION_TITLE.test(title), marketLiterals };
      slides.set(page, s);
    }
    return s;
  };
  return (c) => {
    const page = c.metric.source.page;
    if (page === undefined || c.metric.kind !== undefined) return c;
    const s = slide(page);
    const { excerpt } = c.metric.source;
    const literal = c.metric.literal;
    if (s.market || (literal && s.marketLiterals.has(literal))) return null;
    const projection =
      s.forecast ||
      PROJECTION_WORDS.test(excerpt) ||
      goalAmount(excerpt, literal) ||
      forecastLiterals.has(`${page}|${literal}`);
    return projection ? { ...c, metric: { ...c.metric, kind: 'projection' } } : c;
  };
}

function boxIsMarket(b: SlideBox): boolean {
  return [b.figure.tail, b.left, b.above, b.below].some((p) => MARKET.test(p));
}

function fromBoxes(boxes: SlideBox[]): Array<[Found, number]> {
  const out: Array<[Found, number]> = [];
  // A slide listing label → value pairs ("Number of PRO Subscribers   ~13,500") is a key-figures table:
  // the deck's current figures, surer than a figure in a story slide.
  const keyValueRows = boxes.filter((b) => b.left.length > 0 && b.above.length === 0).length;
  for (const box of boxes) {
    const parts = [box.figure.tail, box.left, box.above, box.below];
    // a box of a market slide ("SOM / $52M / (Revenue)") is a market size, whatever its caption
    if (boxIsMarket(box)) continue;
    const accepts = unitsFor(box.figure.amount, box.figure.range);
    const reading = parts.reduce<DeckReading | null>(
      (r, p) => r ?? (p ? readCaption(p, accepts) : null),
      null,
    );
    if (!reading) continue;
    const words = parts.filter((p) => p.length > 0).join(' ');
    const printed = [box.left, box.above, `${box.figure.literal} ${box.figure.tail}`.trim(), box.below]
      .filter((p) => p.length > 0)
      .join(' ');
    out.push([
      {
        reading,
        amount: box.figure.amount,
        range: box.figure.range,
        literal: box.figure.literal,
        context: words,
        excerpt: printed,
        projection: PROJECTION_WORDS.test(words),
        period: periodOf(words),
        monthly: monthlyBasis(words),
      },
      keyValueRows >= 3 && box.left.length > 0 ? SCORE.table : SCORE.box,
    ]);
  }
  return out;
}

function toMetric(f: Found, title: string, page: number): TKeyMetric | null {
  const { reading } = f;
  const projection = f.projection || PROJECTION_TITLE.test(title) || Boolean(f.period?.forecast);
  // MRR and a monthly burn or revenue are monthly by their words when no period is printed
  const monthly =
    reading.name === 'mrr' || (f.monthly && (reading.name === 'net_burn' || reading.name === 'revenue'));
  const base = {
    unit: reading.unit,
    period: f.period?.label ?? (monthly ? 'monthly' : null),
    source: { ...pageSource(page, clip(f.excerpt), true) },
    literal: f.literal,
    ...(projection ? { kind: 'projection' as const } : {}),
  };
  if (f.range) {
    if (reading.unit !== 'currency') return null;
    return {
      ...base,
      value: round(f.range.low),
      value_low: round(f.range.low),
      value_high: round(f.range.high),
      currency: f.range.currency,
      ...monthsCovered(reading.name, f),
    };
  }
  const a = f.amount;
  if (!a) return null;
  const value = valueIn(reading, a, f.context);
  if (value === null) return null;
  return {
    ...base,
    value,
    currency: reading.unit === 'currency' ? a.currency : null,
    ...monthsCovered(reading.name, f),
  };
}

function valueIn(reading: DeckReading, a: ParsedAmount, context: string): number | null {
  switch (reading.unit) {
    case 'currency':
      if (a.percent || a.multiple || (!a.currency && a.scale === null)) return null;
      return round(reading.name === 'net_burn' ? Math.abs(a.value) : a.value);
    case 'count':
      if (a.percent || a.currency || a.multiple || a.value < 0) return null;
      return Number.isInteger(a.value) ? a.value : null;
    case 'months':
      if (a.percent || a.currency || a.scale !== null) return null;
      return /\b(?:months?|mos?\.?|miesi\w*)\b/i.test(context) && a.value > 0 && a.value < 120
        ? a.value
        : null;
    case 'fraction':
      if (reading.name === 'monthly_churn' && !monthlyBasis(context)) return null;
      return a.percent ? round(a.value / 100) : null;
    case 'ratio':
      return !a.percent && !a.currency && a.value > 0 && a.value < 100 ? a.value : null;
  }
}

const NAMED_MONTHS: Partial<Record<TKeyMetricName, number>> = { arr: 12, mrr: 1 };

function monthsCovered(name: TKeyMetricName, f: Found): { months_covered?: number | null } {
  const named = NAMED_MONTHS[name];
  if (named !== undefined) return { months_covered: named };
  if (name !== 'revenue' && name !== 'net_burn') return {};
  if (f.monthly || f.period?.months === 1) return { months_covered: 1 };
  return { months_covered: f.period?.months ?? null };
}
