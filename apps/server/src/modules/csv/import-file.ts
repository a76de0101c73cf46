import { MAX_IMPORT_ROWS, type TImportRowResult } from '@atempo/contracts';
import { AppError } from '../../platform/errors.ts';
import { FIELDS_OF, type ImportKind, mapColumns, REQUIRED_FIELD, rowToInput } from './column-mapping.ts';
import { CsvSyntaxError, looksBinary, parseCsv } from './csv-parse.ts';

/** One data row of the file as read, before it is matched and validated. */
export interface SourceRow {
  /** 1-based line in the file, the header being line 1. */
  line: number;
  data: Record<string, unknown>;
  errors: TImportRowResult['errors'];
}

export interface ImportFile {
  columns: Record<string, string>;
  ignored: string[];
  rows: SourceRow[];
}

const badFile = (status: number, code: string, detail: string) => new AppError(status, code, detail);

function decode(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    // Excel on Windows still writes Windows-1252.
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** Reads the file into rows keyed by our field names; throws for files that cannot be imported at all. */
export function readImportFile(kind: ImportKind, buffer: Buffer): ImportFile {
  if (buffer.length === 0 || buffer.toString('utf8').trim() === '') {
    throw badFile(
      400,
      'EMPTY_FILE',
      'The file is empty: send a CSV with a header row and one row per record',
    );
  }
  if (looksBinary(buffer)) {
    throw badFile(
      415,
      'NOT_CSV',
      'The file is not a CSV text file (it looks binary); export it as CSV first',
    );
  }
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(decode(buffer));
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw badFile(422, 'INVALID_CSV', `The CSV is malformed: ${error.message}`);
    throw error;
  }
  // Deals and companies are updated by matching rows: a file read in part is refused whole.
  const firstBroken = parsed.broken[0];
  if (firstBroken) throw badFile(422, 'INVALID_CSV', `The CSV is malformed: ${firstBroken.message}`);
  const records = parsed.records;
  const [header, ...body] = records;
  if (!header) throw badFile(400, 'EMPTY_FILE', 'The file has no header row');
  const mapping = mapColumns(header.cells, kind);
  const required = REQUIRED_FIELD[kind];
  if (!Object.values(mapping.columns).includes(required)) {
    const aliases = FIELDS_OF[kind].find((spec) => spec.field === required)!.aliases;
    throw badFile(
      422,
      'MISSING_COLUMN',
      `No ${required} column found: name one of the columns ${aliases.map((alias) => `'${alias}'`).join(', ')}`,
    );
  }
  const dataRows = body.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) throw badFile(422, 'NO_ROWS', 'The file has a header but no data rows');
  if (dataRows.length > MAX_IMPORT_ROWS) {
    throw badFile(
      422,
      'TOO_MANY_ROWS',
      `The file has ${dataRows.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once`,
    );
  }
  const rows = dataRows.map((record): SourceRow => {
    const errors: SourceRow['errors'] = [];
    if (record.cells.length > header.cells.length) {
      errors.push({
        field: 'row',
        message: `row has ${record.cells.length} cells but the header has ${header.cells.length}`,
      });
    }
    return { line: record.line, data: rowToInput(record.cells, mapping), errors };
  });
  return { columns: mapping.columns, ignored: mapping.ignored, rows };
}
