/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF/LF/CR, a leading BOM, `,` or `;`. */

export interface ParsedCsv {
  delimiter: ',' | ';';
  /** Every record, the header first; blank lines are skipped. */
  records: { line: number; cells: string[] }[];
}

export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
}

/** `;` when the header line has more semicolons than commas outside quotes, else `,`. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export function parseCsv(input: string, delimiter?: ',' | ';'): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sep = delimiter ?? detectDelimiter(text);
  const records: ParsedCsv['records'] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let touched = false;

  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (touched || cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    touched = false;
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
      touched = true;
    } else if (char === sep) {
      endCell();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(`Unterminated quoted field starting on line ${recordLine}`);
  if (cell !== '' || cells.length > 0 || touched) endRecord();
  return { delimiter: sep, records };
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
