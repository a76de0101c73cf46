/**
 * CSV text → records with the line each starts on, read by the csv-parse library: quoted fields,
 * doubled quotes, CRLF/LF/CR, a leading BOM, and `,` `;` TAB or `|` between cells. A record the
 * library cannot read (a quote that never closes) is skipped and reported, and reading goes on
 * after it, so one bad line does not cost the rest of the file.
 */
import { type InfoRecord, parse } from 'csv-parse/sync';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

export interface CsvRecord {
  /** 1-based line the record starts on. */
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  delimiter: CsvDelimiter;
  /** Every readable record, the header first; blank lines are skipped. */
  records: CsvRecord[];
  /** Lines skipped because they could not be read, in file order. */
  broken: { line: number; message: string }[];
}

/** Past this many unreadable records a file is not CSV: refused rather than read in pieces. */
export const MAX_BROKEN_RECORDS = 20;

/** A file that does not read as CSV: its header is unreadable, or too many records are. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
}

const DELIMITERS: CsvDelimiter[] = [',', ';', '\t', '|'];

/**
 * The delimiter the header line uses most outside quotes; on a tie the earlier of `,` `;` TAB `|`
 * (Excel's "Unicode Text" export is TAB-separated, European Excel writes `;`).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return DELIMITERS.reduce((best, d) => (counts.get(d)! > counts.get(best)! ? d : best));
}

const lineBreaks = (cells: string[]) => cells.reduce((n, cell) => n + (cell.split('\n').length - 1), 0);

/**
 * A record that swallowed the lines after it: its quote never closed properly, and the quote that
 * "closed" it was the opening quote of a later line. csv-parse (relax_quotes) then keeps that quote at
 * the start of a cell that spans lines; a cell quoted on purpose loses its quotes.
 */
const swallowedLines = (cells: string[]) => cells.some((cell) => cell.startsWith('"') && cell.includes('\n'));

interface Chunk {
  records: CsvRecord[];
  /** Line (within the chunk) of a record whose quote never closed: what follows it was swallowed. */
  unclosedFrom: number | null;
  /** Other records the library skipped. */
  skipped: { line: number; message: string }[];
}

/** One pass of the library over `text`, line numbers relative to it. */
function readChunk(text: string, delimiter: CsvDelimiter): Chunk {
  let unclosed = false;
  const skipped: Chunk['skipped'] = [];
  const rows = parse(text, {
    delimiter,
    info: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') unclosed = true;
      // not expected with the relaxed options above, but a record is never dropped unsaid
      else if (error) skipped.push({ line: Number(error.lines), message: error.message });
      return undefined;
    },
  }) as unknown as { info: InfoRecord; record: string[] }[]; // `info: true` makes each row this pair
  // info.lines is the line a record ends on; a quoted cell's line breaks say how far back it began
  const records = rows.map(({ info, record }) => ({ line: info.lines - lineBreaks(record), cells: record }));
  const swallowing = records.findIndex((record) => swallowedLines(record.cells));
  if (swallowing !== -1) {
    return { records: records.slice(0, swallowing), unclosedFrom: records[swallowing]!.line, skipped };
  }
  if (!unclosed) return { records, unclosedFrom: null, skipped };
  // The unclosed record starts on the first non-blank line after the last record read.
  const lines = text.split('\n');
  let from = (rows.at(-1)?.info.lines ?? 0) + 1;
  while (from < lines.length && lines[from - 1] === '') from++;
  return { records, unclosedFrom: from, skipped };
}

/** Offset of the start of line `line + 1` in `text` (1-based lines), or text.length. */
function offsetAfterLine(text: string, line: number): number {
  let offset = 0;
  for (let n = 0; n < line; n++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return offset;
}

/**
 * Reads every record it can. An unclosed quote swallows the rest of the file in any CSV reader, so
 * the line it opened on is skipped and the text after it read again. Throws CsvSyntaxError when the
 * header itself is unreadable or more than MAX_BROKEN_RECORDS records are.
 */
export function parseCsv(input: string, delimiter?: CsvDelimiter): ParsedCsv {
  // One line ending: csv-parse counts a CRLF inside quotes as two lines, which would shift the
  // line numbers reported back to the user.
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const sep = delimiter ?? detectDelimiter(text);
  const records: CsvRecord[] = [];
  const broken: ParsedCsv['broken'] = [];
  let rest = text;
  let linesBefore = 0;
  for (;;) {
    const chunk = readChunk(rest, sep);
    records.push(...chunk.records.map((r) => ({ line: r.line + linesBefore, cells: r.cells })));
    broken.push(...chunk.skipped.map((s) => ({ line: s.line + linesBefore, message: s.message })));
    if (chunk.unclosedFrom === null) break;
    const line = chunk.unclosedFrom + linesBefore;
    broken.push({ line, message: `a quote opened on line ${line} never closes` });
    if (records.length === 0)
      throw new CsvSyntaxError(`The header row (line ${line}) has a quote that never closes`);
    if (broken.length > MAX_BROKEN_RECORDS)
      throw new CsvSyntaxError(
        `More than ${MAX_BROKEN_RECORDS} lines cannot be read (the first on line ${broken[0]!.line})`,
      );
    rest = rest.slice(offsetAfterLine(rest, chunk.unclosedFrom));
    linesBefore = line;
  }
  broken.sort((a, b) => a.line - b.line);
  return { delimiter: sep, records, broken };
}

/** Text that looks binary (NUL bytes, many control characters) rather than CSV. */
export function looksBinary(buffer: Buffer): boolean {
  const sample = buffer.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return sample.length > 0 && control / sample.length > 0.05;
}
