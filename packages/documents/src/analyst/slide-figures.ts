/**
 * Figures of pitch decks read the way slides are laid out (slide-layout.ts): a figure with the words
 * of its own box (heading above, caption below, label to the left), a figure inside a sentence with
 * the nearest words of its clause, and a month-by-month table with its metric headers. Every figure
 * keeps its page and its literal as printed; a forecast, target or estimate is kept as a projection
 * with its period, never as an actual; a range keeps both ends.
 */
import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import { findRanges, type ParsedRange } from './amount-ranges.ts';
import { findAmounts, type ParsedAmount } from './amounts.ts';
import {
  type DeckReading,
  MARKET,
  MARKET_TITLE,
  PROJECTION_TITLE,
  PROJECTION_WORDS,
  readCaption,
} from './deck-vocabulary.ts';
import type { Candidate } from './metric-candidate.ts';
import { round } from './metric-candidate.ts';
import type { MetricUnit } from './metric-rules.ts';
import { type Period, parsePeriod, periodInText } from './periods.ts';
import {
  cellFigure,
  isYearMark,
  type LayoutCell,
  type LayoutLine,
  layoutLines,
  type SlideBox,
  slideBoxes,
} from './slide-layout.ts';
import { clip, pageSource } from './source.ts';

/** A box or a table says what a figure is more surely than a sentence; both beat a line read whole. */
const SCORE = { table: 75, box: 70, clause: 64 } as const;

interface Found {
  reading: DeckReading;
  amount: ParsedAmount | null;
  range: ParsedRange | null;
  literal: string;
  /** Words the figure is read with (for the period, the basis and forecast words). */
  context: string;
  excerpt: string;
  projection: boolean;
  period: Period | null;
  monthly: boolean;
}

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

/** "bridge to ₹10 Cr", "to a $5M ARR": an amount led to by "to" is a goal, unless a past verb says it was reached. */
function goalAmount(text: string, literal: string | undefined): boolean {
  if (!literal) return false;
  const at = text.indexOf(literal);
  if (at < 0) return false;
  const before = text.slice(Math.max(0, at - 40), at);
  return (
    /\b(?:to|towards)\s+(?:a\s+|an\s+)?$/i.test(before) &&
    !/\b(?:grew|grown|growing|increased|rose|risen|went|jumped|doubled|tripled|reached|up)\s+(?:\w+\s+)?to\s+(?:a\s+|an\s+)?$/i.test(
      before,
    )
  );
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

/** How far (in characters) a metric word may stand from its figure in a clause. */
const NEAR = 20;

/** Clause limits: sentence ends and bullets (a "·" joins a label and its value on slides, so it does not). */
const CLAUSE_END = /[.;•●▪|](?:\s|$)|\s[-–—]\s/g;

/** Figures inside sentences: the nearest metric words of the clause, before or after the figure. */
function fromClauses(lines: LayoutLine[]): Array<[Found, number]> {
  const out: Array<[Found, number]> = [];
  for (const [i, line] of lines.entries()) {
    for (const cell of line.cells) {
      const figureCell =
        /^(?:~|≈|\+|>|<)?\s?[-–(]?[₹$€£¥\d]/u.test(cell.text) && findAmounts(cell.text).length === 1;
      if (figureCell) continue; // a box, read with its captions
      const own = withCurrencyBelow(lines, i, cell);
      const text = withColumnNeighbours(lines, i, own, cell.start, cell.end);
      const ranges = findRanges(text);
      const amounts = findAmounts(text).filter(
        (a) =>
          !isYearMark(a, text) &&
          !/^\p{L}/u.test(text.slice(a.index + a.text.length)) && // "3rd", "24/7" are no figures
          !ranges.some((r) => a.index >= r.index && a.index < r.index + r.text.length),
      );
      const figures: Array<{
        amount: ParsedAmount | null;
        range: ParsedRange | null;
        index: number;
        text: string;
      }> = [
        ...amounts.map((a) => ({ amount: a, range: null, index: a.index, text: a.text })),
        ...ranges.map((r) => ({ amount: null, range: r, index: r.index, text: r.text })),
      ].sort((a, b) => a.index - b.index);
      for (const [k, fig] of figures.entries()) {
        // only figures printed in this cell: neighbours lend their words, not their figures
        if (!own.includes(fig.text)) continue;
        const prevEnd = k > 0 ? (figures[k - 1]?.index ?? 0) + (figures[k - 1]?.text.length ?? 0) : 0;
        const nextStart = k + 1 < figures.length ? (figures[k + 1]?.index ?? text.length) : text.length;
        let left = text.slice(prevEnd, fig.index);
        let right = text.slice(fig.index + fig.text.length, nextStart);
        left = left.slice(lastClauseEnd(left));
        const stop = right.search(CLAUSE_END);
        if (stop >= 0) right = right.slice(0, stop);
        // "from ₹1.26 Cr ARR", "to ₹10 Cr ARR": words before "from" / "to" belong to another figure
        const leftOpen = !/\b(?:to|from|vs\.?|versus|and|or|of\s+which)\s+(?:a\s+|an\s+)?$/i.test(left);
        const accepts = unitsFor(fig.amount, fig.range);
        const l = leftOpen ? readCaption(left.slice(-48), accepts, 'last') : null;
        const r = readCaption(right.slice(0, 48), accepts, 'first');
        const lDist = l ? left.slice(-48).length - (l.index + l.length) : Number.POSITIVE_INFINITY;
        const rDist = r ? r.index : Number.POSITIVE_INFINITY;
        // the words must stand next to the figure: a few connecting words at most ("ARR today ·", "is", "of")
        if (Math.min(lDist, rDist) > NEAR) continue;
        const reading = lDist <= rDist ? l : r;
        if (!reading) continue;
        const clause = `${left}${fig.text}${right}`;
        out.push([
          {
            reading,
            amount: fig.amount,
            range: fig.range,
            literal: fig.text,
            context: clause,
            excerpt: clause.trim(),
            projection: PROJECTION_WORDS.test(clause) || goalAmount(clause, fig.text),
            period: periodOf(clause),
            monthly: monthlyBasis(clause),
          },
          SCORE.clause,
        ]);
      }
    }
  }
  return out;
}

/** The kinds of metric a printed figure can be: a percent is a rate, a currency amount is money. */
function unitsFor(a: ParsedAmount | null, r: ParsedRange | null): (unit: MetricUnit) => boolean {
  if (r) return (u) => u === 'currency';
  if (!a) return () => false;
  if (a.percent) return (u) => u === 'fraction';
  if (a.multiple) return (u) => u === 'ratio';
  if (a.currency) return (u) => u === 'currency';
  if (a.scale !== null) return (u) => u === 'currency' || u === 'count';
  return (u) => u === 'count' || u === 'months' || u === 'ratio';
}

const CURRENCY_WORD = /^(?:euros?|EUR|USD|US\s?dollars|dollars|GBP|pounds|PLN|zł|złotych|CHF|INR|rupees)\b/i;

/**
 * "we need 20,000" / "euros (costs + infra)": a number ending its line whose currency word opens the
 * next line of the same column reads as one amount.
 */
function withCurrencyBelow(lines: LayoutLine[], i: number, cell: LayoutCell): string {
  if (!/\d$/.test(cell.text)) return cell.text;
  const line = lines[i] as LayoutLine;
  const next = lines[i + 1];
  if (!next || next.row !== line.row + 1) return cell.text;
  const below = next.cells.find((c) => Math.abs(c.start - cell.start) <= 8);
  const word = below ? CURRENCY_WORD.exec(below.text) : null;
  return word ? `${cell.text} ${word[0]}` : cell.text;
}

function lastClauseEnd(text: string): number {
  let end = 0;
  for (const m of text.matchAll(CLAUSE_END)) end = m.index + m[0].length;
  return end;
}

/**
 * A sentence set in a narrow column continues on the next printed lines of the same column
 * ("SEOmoz takes an / investment of $1.1M / from Ignition Partners"): the cells just above and below
 * in the same columns join it, when they are prose.
 */
function withColumnNeighbours(
  lines: LayoutLine[],
  i: number,
  text: string,
  start: number,
  end: number,
): string {
  const line = lines[i] as LayoutLine;
  if (line.cells.length < 2) return text;
  const near = (step: 1 | -1) => {
    const other = lines[i + step];
    if (!other || Math.abs(other.row - line.row) > 1 || other.cells.length < 2) return '';
    const c = other.cells.find((x) => x.start - 3 < end && start - 3 < x.end);
    return c && !/^[\p{Lu}\s\d·&]+$/u.test(c.text) ? c.text : '';
  };
  return [near(-1), text, near(1)].filter((t) => t.length > 0).join(' ');
}

/**
 * A month-by-month table: a header naming metrics ("MONTH  REVENUE  EXPENSES"), rows led by a month
 * ("Jun '26 actual  ₹10.54L  ₹10.93L"). The latest row marked actual is the actual; rows after it are
 * what the deck expects. Without "actual" marks, every row is an actual unless the slide forecasts.
 */
function fromMonthTables(lines: LayoutLine[]): Array<[Found, number]> {
  const out: Array<[Found, number]> = [];
  for (const [h, header] of lines.entries()) {
    if (header.cells.length < 2 || !/^(?:months?|period|date)$/i.test(header.cells[0]?.text ?? '')) continue;
    const rows: Array<{ line: LayoutLine; period: Period; actual: boolean }> = [];
    for (const line of lines.slice(h + 1, h + 40)) {
      const first = line.cells[0];
      const period = first ? monthPeriod(first.text) : null;
      if (!first || !period || line.cells.length < 2) break;
      rows.push({ line, period, actual: /\bactuals?\b/i.test(first.text) });
    }
    if (rows.length === 0) continue;
    const lastActual = rows.map((r) => r.actual).lastIndexOf(true);
    for (const column of header.cells.slice(1)) {
      const reading = readCaption(column.text);
      if (!reading) continue;
      for (const [k, row] of rows.entries()) {
        const cell = row.line.cells.find((c) => c.start - 4 < column.end && column.start - 4 < c.end);
        const amount = cell ? findAmounts(cell.text)[0] : undefined;
        if (!cell || !amount) continue;
        // the latest actual month is the figure; earlier months are its history, later ones forecasts
        const latestActual = lastActual >= 0 ? lastActual : rows.length - 1;
        if (k < latestActual) continue;
        const projection = k > latestActual;
        out.push([
          {
            reading,
            amount,
            range: null,
            literal: amount.text,
            context: `${column.text} ${row.line.cells[0]?.text ?? ''}`,
            excerpt: `${header.text.replace(/\s{2,}/g, '  ').trim()} / ${row.line.text.replace(/\s{2,}/g, '  ').trim()}`,
            projection,
            period: row.period,
            monthly: true,
          },
          SCORE.table,
        ]);
      }
    }
  }
  return out;
}

/**
 * A row under a header of periods ("Monthly revenue   €38k   €41k   €47k" under "Jan 26  Feb 26  Mar
 * 26"): the latest actual column, with its period; later forecast columns are kept as projections.
 */
function fromPeriodColumns(lines: LayoutLine[], forecastSlide: boolean): Array<[Found, number]> {
  const out: Array<[Found, number]> = [];
  for (const [i, line] of lines.entries()) {
    // the row's label: the last cell without a figure before a run of figures (a chart axis may come first)
    const at = line.cells.findIndex(
      (c, k) =>
        !cellFigure(c.text) &&
        !findAmounts(c.text).some((a) => !isYearMark(a, c.text)) &&
        line.cells.slice(k + 1, k + 3).every((n) => cellFigure(n.text)) &&
        line.cells.length >= k + 3,
    );
    const label = line.cells[at];
    if (!label) continue;
    const figures: LayoutCell[] = [];
    for (const c of line.cells.slice(at + 1)) {
      if (!cellFigure(c.text)) break;
      figures.push(c);
    }
    if (figures.length < 2) continue;
    const header = lines
      .slice(Math.max(0, i - 6), i)
      .reverse()
      .find((l) => l.cells.filter((c) => columnPeriod(c.text)).length >= 2);
    if (!header) continue;
    const reading = readCaption(label.text);
    if (!reading) continue;
    const columns = figures.flatMap((cell) => {
      const head = header.cells.find((h) => h.start - 4 < cell.end && cell.start - 4 < h.end);
      const period = head ? columnPeriod(head.text) : null;
      const figure = cellFigure(cell.text);
      return period && figure?.amount
        ? [{ cell, period, amount: figure.amount, literal: figure.literal }]
        : [];
    });
    const actual = columns.filter((c) => !c.period.forecast);
    const latest = actual.reduce<(typeof columns)[number] | null>(
      (best, c) => (!best || c.period.endKey > best.period.endKey ? c : best),
      null,
    );
    for (const c of columns) {
      // on a forecast slide every column is a projection; else earlier columns are history
      if (
        !forecastSlide &&
        latest &&
        c !== latest &&
        !c.period.forecast &&
        c.period.endKey <= latest.period.endKey
      )
        continue;
      const projection = c.period.forecast || (latest !== null && c.period.endKey > latest.period.endKey);
      out.push([
        {
          reading,
          amount: c.amount,
          range: null,
          literal: c.literal,
          context: `${label.text} ${header.text}`,
          excerpt: `${header.text.replace(/\s{2,}/g, '  ').trim()} / ${line.text.replace(/\s{2,}/g, '  ').trim()}`,
          projection,
          period: c.period,
          monthly: monthlyBasis(label.text) || c.period.months === 1,
        },
        SCORE.table + 2,
      ]);
    }
  }
  return out;
}

/** A column header as a period: a month ("Mar '26", "March 2026"), a quarter or a year ("2026E"). */
function columnPeriod(text: string): Period | null {
  return monthPeriod(text) ?? parsePeriod(text.replace(/['’](\d{2})\b/g, '20$1'));
}

const MONTH_CELL =
  /^(?<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s*['’]?\s?(?<year>(?:19|20)?\d{2})\b/i;

/** "Jun '26", "June 2026", "Jun-26" as a month period. */
function monthPeriod(text: string): Period | null {
  const m = MONTH_CELL.exec(text.trim());
  if (!m?.groups) return null;
  const year = m.groups.year as string;
  return parsePeriod(`${m.groups.mon} ${year.length === 2 ? `20${year}` : year}`);
}

function periodOf(words: string): Period | null {
  const inText = periodInText(words.replace(/['’](\d{2})\b/g, '20$1'));
  if (inText) return inText;
  const month =
    /\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i.exec(
      words,
    );
  return month
    ? {
        label: month[0].toLowerCase().replace(/^./, (c) => c.toUpperCase()),
        endKey: 0,
        forecast: false,
        months: 1,
      }
    : null;
}

/** A figure stated for one month: "monthly", "per month", "/ month", or a single month named as its period. */
function monthlyBasis(words: string): boolean {
  return /\bmonthly\b|\bper\s+month\b|\/\s?(?:mo|month)\b|\ba\s+month\b|\bMoM\b|\bmiesi[ęe]czn\w*/i.test(
    words,
  );
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
