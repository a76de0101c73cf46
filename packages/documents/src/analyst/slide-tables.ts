/**
 * Tables on slides: a month-by-month table under metric headers ("MONTH  REVENUE  EXPENSES"), and a
 * metric row under a header of periods ("Monthly revenue  €38k  €41k  €47k" under "Jan 26  Feb 26
 * Mar 26"). The latest actual is the figure, with its period; later periods are projections.
 */
import { findAmounts } from './amounts.ts';
import { readCaption } from './deck-vocabulary.ts';
import { type Period, parsePeriod } from './periods.ts';
import { type Found, monthlyBasis, monthPeriod, SCORE } from './slide-found.ts';
import { cellFigure, isYearMark, type LayoutCell, type LayoutLine } from './slide-layout.ts';

/**
 * A month-by-month table: a header naming metrics ("MONTH  REVENUE  EXPENSES"), rows led by a month
 * ("Jun '26 actual  ₹10.54L  ₹10.93L"). The latest row marked actual is the actual; rows after it are
 * what the deck expects. Without "actual" marks, every row is an actual unless the slide forecasts.
 */
export function fromMonthTables(lines: LayoutLine[]): Array<[Found, number]> {
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
export function fromPeriodColumns(lines: LayoutLine[], forecastSlide: boolean): Array<[Found, number]> {
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
