/**
 * Rows of the tables of a spreadsheet. Sheets come as cells with A1 addresses: a header row of
 * periods (EDGAR workbooks: "12 Months Ended" above "Dec. 31, 2022") names the columns, the first
 * text cell of a row is its label.
 */
import type { Sheet, SheetCell } from '../types.ts';
import { currencyOf, looksLikeYear, type ParsedAmount, parseAmountCell } from './amounts.ts';
import { isPeriodCell } from './period-cells.ts';
import { isDurationHeader, type Period, parsePeriod } from './periods.ts';
import { statedCurrency, statedScale } from './stated-units.ts';
import type { RowValue, TableRow } from './table-row.ts';

export function cellText(c: SheetCell): string {
  if (c.text && c.text.length > 0) return c.text;
  return c.value === null ? '' : String(c.value);
}

/** A header cell's text; a year stored as a number may be displayed with a separator ("2,024"). */
function headerText(c: SheetCell): string {
  if (typeof c.value === 'number' && Number.isInteger(c.value) && c.value >= 1990 && c.value <= 2099)
    return String(c.value);
  return cellText(c);
}

/** A sheet cell as an amount: numbers as stored (percent when displayed with %), or text that reads as one. */
function cellAmount(c: SheetCell): ParsedAmount | null {
  if (typeof c.value === 'number') {
    const shown = c.text ?? '';
    const percent = /%\s*$/.test(shown);
    return {
      // a cell shown as "72.0%" stores 0.72; amounts read from text carry the percent number (72)
      value: percent ? Number((c.value * 100).toPrecision(12)) : c.value,
      currency: currencyOf(/(US\$|€|£|\$)/.exec(shown)?.[1]),
      scale: null,
      percent,
      multiple: false,
      text: shown || String(c.value),
      index: 0,
    };
  }
  if (typeof c.value === 'string') {
    const a = parseAmountCell(c.value);
    return a && !looksLikeYear(a) ? a : null;
  }
  return null;
}

/** Rows of one sheet. */
export function sheetRows(sheet: Sheet, docCurrency: string | null): TableRow[] {
  const byRow = new Map<number, SheetCell[]>();
  for (const c of sheet.cells) {
    const list = byRow.get(c.row) ?? [];
    list.push(c);
    byRow.set(c.row, list);
  }
  const rowNumbers = [...byRow.keys()].sort((a, b) => a - b);
  const top = rowNumbers
    .slice(0, 4)
    .flatMap((r) => (byRow.get(r) ?? []).map(cellText))
    .join(' | ');
  const heading = `${sheet.name} | ${top}`.slice(0, 400);
  let scale = statedScale(top);
  const sheetCurrency = statedCurrency(top) ?? docCurrency;
  const rows: TableRow[] = [];
  let periods = new Map<number, Period>();
  let durations = new Map<number, string>();
  let previousWasHeader = false;
  for (const r of rowNumbers) {
    const cells = (byRow.get(r) ?? []).sort((a, b) => a.column - b.column);
    const texts = cells.map(cellText);
    const rowText = texts.join(' | ');
    // Header rows: durations ("12 Months Ended", merged across columns) and periods ("Dec. 31, 2022", 2024)
    const valueCells = cells.filter((c, i) => i > 0 || c.column > 0);
    const durationCells = valueCells.filter((c) => isDurationHeader(cellText(c)));
    const periodCells = valueCells
      .map((c) => ({
        c,
        p: isPeriodCell(headerText(c))
          ? parsePeriod(headerText(c), durationOf(durations, c.column) ?? rowText)
          : null,
      }))
      .filter((x) => x.p !== null);
    const numericNonPeriod = valueCells.filter((c) => cellAmount(c) && !periodCells.some((x) => x.c === c));
    if (durationCells.length > 0 && numericNonPeriod.length === 0) {
      if (!previousWasHeader) durations = new Map();
      for (const c of durationCells) durations.set(c.column, cellText(c));
      previousWasHeader = true;
      continue;
    }
    if (
      periodCells.length > 0 &&
      numericNonPeriod.length === 0 &&
      periodCells.length >= valueCells.length / 2
    ) {
      if (!previousWasHeader) durations = new Map();
      periods = new Map();
      for (const { c, p } of periodCells) if (p) periods.set(c.column, p);
      previousWasHeader = true;
      continue;
    }
    previousWasHeader = false;
    const lineScale = statedScale(rowText);
    const labelCell = cells.find((c) => typeof c.value === 'string' && !parseAmountCell(c.value));
    if (!labelCell) continue;
    if (lineScale !== null && cells.every((c) => typeof c.value !== 'number')) {
      scale = lineScale;
      continue;
    }
    const values: RowValue[] = [];
    for (const c of cells) {
      if (c.column <= labelCell.column) continue;
      const amount = cellAmount(c);
      if (!amount) continue;
      values.push({
        amount,
        text: cellText(c),
        period: periods.get(c.column) ?? null,
        cell: c.address,
        column: c.column,
      });
    }
    if (values.length === 0) continue;
    rows.push({
      kind: 'cell',
      sheet: sheet.name,
      label: cellText(labelCell),
      values,
      line: texts.join(' | '),
      index: r,
      scale: statedScale(cellText(labelCell)) ?? scale,
      currency: statedCurrency(cellText(labelCell)) ?? sheetCurrency,
      heading,
    });
  }
  return rows;
}

/** The duration header over a column: merged cells carry their text in the leftmost column only. */
function durationOf(durations: Map<number, string>, column: number): string | null {
  let best: number | null = null;
  for (const col of durations.keys()) if (col <= column && (best === null || col > best)) best = col;
  return best === null ? null : (durations.get(best) ?? null);
}
