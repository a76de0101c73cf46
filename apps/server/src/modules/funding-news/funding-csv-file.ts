/**
 * A Crunchbase-style export of funding rounds, read as real exports come: UTF-8 with or without a
 * BOM, UTF-16 TAB-separated (Excel's "Unicode Text"), Windows-1252, old Mac \r line endings, blank amounts.
 * Only a file that is not CSV, or has no company column, is refused; a line that cannot be read (an
 * unclosed quote) is skipped and reported, and the rows around it are kept.
 */
import { MAX_FUNDING_IMPORT_ROWS } from '@atempo/contracts';
import iconv from 'iconv-lite';
import { AppError } from '../../platform/errors.ts';
import { CsvSyntaxError, parseCsv } from '../csv/index.ts';
import { cleanCell, saysNoValue } from './import-cells.ts';

export type FundingCsvField =
  | 'company'
  | 'round_type'
  | 'amount'
  | 'amount_usd'
  | 'amount_usd_millions'
  | 'amount_eur_millions'
  | 'currency'
  | 'round_code'
  | 'date'
  | 'investors'
  | 'lead_investors'
  | 'country'
  | 'sector'
  | 'url';

/** Header aliases, compared lowercased with punctuation and spacing dropped. */
const ALIASES: Record<FundingCsvField, string[]> = {
  company: [
    'company',
    'company name',
    'organization name',
    'organisation name',
    'organization',
    'organisation',
    'startup',
    'startup name',
    'name',
    'companies',
    'company name s',
    'target company',
    'portfolio company',
  ],
  round_type: [
    'round type',
    'funding type',
    'round',
    'stage',
    'funding round',
    'funding stage',
    'investment type',
    'series',
    'funding round type',
    'deal type',
    'round name',
    'investment stage',
    'financing type',
  ],
  round_code: ['funding round code', 'round code', 'series code'],
  amount: [
    'amount',
    'money raised',
    'amount raised',
    'raised',
    'funding amount',
    'round size',
    'total raised',
    'deal amount',
    'investment amount',
    'round amount',
  ],
  amount_usd: [
    'money raised in usd',
    'amount in usd',
    'amount usd',
    'raised usd',
    'raised amount usd',
    'raised amount',
    'amount raised usd',
    'round size usd',
    'funding amount usd',
  ],
  // PitchBook's deal size and CB Insights' and Dealroom's amount columns are in millions.
  amount_usd_millions: [
    'deal size',
    'deal size usd',
    'deal size millions',
    'deal size usd millions',
    'amount m',
    'amount usd m',
    'amount m usd',
    'amount usd millions',
    'amount usd mn',
  ],
  amount_eur_millions: ['amount eur m', 'amount eur million', 'amount eur millions', 'amount eur mn'],
  currency: ['currency', 'money raised currency', 'amount currency', 'raised currency'],
  date: [
    'date',
    'announced date',
    'announced on',
    'announcement date',
    'funding date',
    'closed date',
    'close date',
    'funded at',
    'funded on',
    'funding date',
    'deal date',
    'date announced',
    'round date',
    'investment date',
    'date of funding',
    'transaction date',
  ],
  investors: [
    'investors',
    'investor names',
    'investor',
    'all investors',
    'participants',
    'investors name',
    'investor name',
    'investors names',
    'select investors',
  ],
  lead_investors: ['lead investors', 'lead investor', 'lead', 'led by'],
  country: [
    'country',
    'headquarters country',
    'hq country',
    'organization location',
    'headquarters location',
    'location',
    'hq',
    'company country code',
    'country code',
    'hq location',
    'company country',
    'city location',
    'city',
  ],
  sector: [
    'industry',
    'industries',
    'sector',
    'category',
    'categories',
    'organization industries',
    'company category code',
    'category code',
    'industry vertical',
    'primary industry sector',
    'primary industry',
    'vertical',
  ],
  url: ['url', 'source url', 'link', 'funding round url', 'news url'],
};

const squash = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const BY_ALIAS = new Map(
  Object.entries(ALIASES).flatMap(([field, aliases]) =>
    aliases.map((alias) => [squash(alias), field as FundingCsvField]),
  ),
);

export const AMOUNT_FIELDS = ['amount', 'amount_usd', 'amount_usd_millions', 'amount_eur_millions'] as const;

export interface FundingCsvHeader {
  /** 1-based column number. */
  column: number;
  header: string;
  field: FundingCsvField | null;
  note: string | null;
}

export interface FundingCsvRow {
  line: number;
  cells: Partial<Record<FundingCsvField, string>>;
}

export interface FundingCsvFile {
  encoding: string;
  /** Our field → the header it was read from. */
  columns: Record<string, string>;
  /** Every header of the file, in order, and what it became. */
  headers: FundingCsvHeader[];
  rows: FundingCsvRow[];
  /** Lines skipped because they could not be read as CSV (an unclosed quote), with why. */
  unreadable: { line: number; message: string }[];
}

const refuse = (status: number, code: string, detail: string) => new AppError(status, code, detail);

/** The encoding a byte order mark or the NUL pattern of UTF-16 text gives, else UTF-8 or Windows-1252. */
export function decodeText(buffer: Buffer): { text: string; encoding: string } {
  // iconv-lite strips a BOM and, unlike Node's TextDecoder, maps Windows-1252's 0x80–0x9F ("€")
  const decode = (label: string, bytes: Buffer) => iconv.decode(bytes, label);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)
    return { text: decode('utf-8', buffer), encoding: 'utf-8' };
  if (buffer[0] === 0xff && buffer[1] === 0xfe)
    return { text: decode('utf-16le', buffer), encoding: 'utf-16le' };
  if (buffer[0] === 0xfe && buffer[1] === 0xff)
    return { text: decode('utf-16be', buffer), encoding: 'utf-16be' };
  // UTF-16 without a BOM: Latin text has a NUL in every other byte
  const sample = buffer.subarray(0, 4096);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++;
  const half = sample.length / 2;
  if (oddNul > half * 0.6 && evenNul < half * 0.05)
    return { text: decode('utf-16le', buffer), encoding: 'utf-16le' };
  if (evenNul > half * 0.6 && oddNul < half * 0.05)
    return { text: decode('utf-16be', buffer), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8' };
  } catch {
    // Excel on Windows still writes Windows-1252 ("£", "€" as single bytes).
    return { text: decode('windows-1252', buffer), encoding: 'windows-1252' };
  }
}

/** Decoded text with NULs or many control characters is a binary file, not CSV. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  let control = 0;
  for (const ch of sample) {
    const code = ch.charCodeAt(0);
    if (code === 0) return true;
    if (code < 9 || (code > 13 && code < 32) || code === 0xfffd) control++;
  }
  return sample.length > 0 && control / sample.length > 0.02;
}

const MAGIC: [bytes: number[], what: string][] = [
  [[0x25, 0x50, 0x44, 0x46], 'a PDF'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive or an Excel workbook (.xlsx)'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Office file (.xls)'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x1f, 0x8b], 'a gzip archive'],
];

export function readFundingCsv(buffer: Buffer): FundingCsvFile {
  if (buffer.length === 0)
    throw refuse(400, 'EMPTY_FILE', 'The file is empty: send a CSV with a header row and one row per round');
  const magic = MAGIC.find(([bytes]) => bytes.every((byte, i) => buffer[i] === byte));
  if (magic) throw refuse(415, 'NOT_CSV', `The file is ${magic[1]}, not CSV: export the rounds as CSV first`);
  const { text, encoding } = decodeText(buffer);
  if (looksBinary(text))
    throw refuse(
      415,
      'NOT_CSV',
      'The file is not CSV text (it looks binary): export the rounds as CSV first',
    );
  if (text.replace(/^\uFEFF/, '').trim() === '') {
    throw refuse(400, 'EMPTY_FILE', 'The file is empty: send a CSV with a header row and one row per round');
  }
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw refuse(422, 'INVALID_CSV', `The CSV is malformed: ${error.message}`);
    throw error;
  }
  const [header, ...body] = parsed.records;
  if (!header) throw refuse(422, 'NO_ROWS', 'The file has no header row');
  const index = new Map<FundingCsvField, number>();
  const columns: Record<string, string> = {};
  // Every header and what it became: a field, a repeat of a field already read (the first column
  // of a name wins, so renamed or duplicated headers never collide), or nothing.
  const headers: FundingCsvHeader[] = header.cells.map((raw, i) => {
    const name = cleanCell(raw);
    const field = BY_ALIAS.get(squash(name)) ?? null;
    if (!field) return { column: i + 1, header: name, field: null, note: 'not used' };
    if (index.has(field))
      return {
        column: i + 1,
        header: name,
        field: null,
        note: `not used: column ${index.get(field)! + 1} is already read as ${field}`,
      };
    index.set(field, i);
    columns[field] = name;
    return { column: i + 1, header: name, field, note: null };
  });
  const read = header.cells
    .map((h) => `'${cleanCell(h)}'`)
    .slice(0, 12)
    .join(', ');
  if (!index.has('company')) {
    throw refuse(
      422,
      'MISSING_COLUMN',
      `No company column found: name one of the columns ${ALIASES.company.map((a) => `'${a}'`).join(', ')} (headers read: ${read})`,
    );
  }
  // Without a date every round would be dated on the day of the import, and without an amount the
  // import would be a list of names: refused rather than imported empty.
  if (!index.has('date')) {
    throw refuse(
      422,
      'MISSING_DATE_COLUMN',
      `No date column found: name one of the columns ${ALIASES.date
        .slice(0, 8)
        .map((a) => `'${a}'`)
        .join(', ')} (headers read: ${read})`,
    );
  }
  if (!AMOUNT_FIELDS.some((field) => index.has(field))) {
    throw refuse(
      422,
      'MISSING_AMOUNT_COLUMN',
      `No amount column found: name one of the columns ${[...ALIASES.amount.slice(0, 4), ...ALIASES.amount_usd.slice(0, 4)].map((a) => `'${a}'`).join(', ')} (headers read: ${read})`,
    );
  }
  const data = body.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (data.length === 0 && parsed.broken.length > 0) {
    const lines = parsed.broken.map((b) => b.line).join(', ');
    throw refuse(
      422,
      'INVALID_CSV',
      `The CSV is malformed: no row could be read (unreadable lines: ${lines})`,
    );
  }
  if (data.length === 0) throw refuse(422, 'NO_ROWS', 'The file has a header but no rows');
  if (data.length > MAX_FUNDING_IMPORT_ROWS) {
    throw refuse(
      422,
      'TOO_MANY_ROWS',
      `The file has ${data.length} rows; at most ${MAX_FUNDING_IMPORT_ROWS} can be imported at once`,
    );
  }
  const rows = data.map((record): FundingCsvRow => {
    const cells: FundingCsvRow['cells'] = {};
    for (const [field, i] of index) {
      const value = cleanCell(record.cells[i] ?? '');
      if (value && !saysNoValue(value)) cells[field] = value;
    }
    return { line: record.line, cells };
  });
  return { encoding, columns, headers, rows, unreadable: parsed.broken };
}
