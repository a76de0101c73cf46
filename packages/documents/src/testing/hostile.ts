import { gzipSync } from 'node:zlib';
import { unzipSync, Zip, ZipDeflate, type ZipInputFile } from 'fflate';
import { makePdf } from './pdf.ts';
import { makeXlsx } from './sheets.ts';
import { makeDocx } from './word.ts';

/**
 * Hostile files for the extraction tests: each one is what an attacker (or a broken exporter)
 * could upload within the 10 MB limit.
 */

/** Larger than DEFAULT_EXTRACTION_LIMITS.maxInflatedBytes (200 MB). */
export const ZIP_BOMB_INFLATED_BYTES = 256 * 1024 * 1024;

const compressedZeros = new Map<number, { deflated: Uint8Array<ArrayBuffer>; crc: number }>();

/**
 * `size` zero bytes deflated, with their CRC-32, computed once per size. zlib's gzip does the work
 * natively: a gzip member is a 10-byte header, the raw deflate stream, then CRC-32 and size.
 */
function zeros(size: number): { deflated: Uint8Array<ArrayBuffer>; crc: number } {
  let entry = compressedZeros.get(size);
  if (!entry) {
    const gzip = gzipSync(Buffer.alloc(size), { level: 9 });
    entry = {
      deflated: new Uint8Array(gzip.subarray(10, gzip.length - 8)),
      crc: gzip.readUInt32LE(gzip.length - 8),
    };
    compressedZeros.set(size, entry);
  }
  return entry;
}

export interface ZipBombOptions {
  /** How much the extra part inflates to. */
  inflatedBytes?: number;
  /** Declare a tiny size in the central directory, so only counting while inflating catches it. */
  lieAboutSize?: boolean;
}

/** A genuine Office file with one extra part of zeros that inflates to `inflatedBytes`. */
function addBomb(container: Uint8Array, partName: string, options: ZipBombOptions): Uint8Array {
  const inflatedBytes = options.inflatedBytes ?? ZIP_BOMB_INFLATED_BYTES;
  const parts = unzipSync(container);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, data] of Object.entries(parts)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(data, true);
  }
  const { deflated, crc } = zeros(inflatedBytes);
  const bomb: ZipInputFile = { filename: partName, size: inflatedBytes, crc, compression: 8 };
  zip.add(bomb);
  bomb.ondata?.(null, deflated, true);
  zip.end();
  const bytes = new Uint8Array(Buffer.concat(chunks));
  if (options.lieAboutSize) declareSize(bytes, partName, 1024);
  return bytes;
}

/** Overwrites the uncompressed size that the central directory records for `partName`. */
function declareSize(bytes: Uint8Array, partName: string, size: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const name = Buffer.from(partName);
  for (let at = 0; at + 46 < bytes.length; at += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) continue; // central directory file header
    const nameLength = view.getUint16(at + 28, true);
    if (
      nameLength === name.length &&
      Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).equals(name)
    ) {
      view.setUint32(at + 24, size, true);
      return;
    }
  }
  throw new Error(`no central directory entry for ${partName}`);
}

export async function makeZipBombDocx(options: ZipBombOptions = {}): Promise<Uint8Array> {
  const base = await makeDocx(['A quarterly report.', { table: [['Revenue', '1,200']] }]);
  return addBomb(base, 'word/media/image1.bin', options);
}

export function makeZipBombXlsx(options: ZipBombOptions = {}): Uint8Array {
  const base = makeXlsx([{ name: 'P&L', rows: [['Revenue', 1200]] }]);
  return addBomb(base, 'xl/media/image1.bin', options);
}

/** A genuine PDF cut short, as an interrupted download leaves it. */
export async function makeTruncatedPdf(keep = 0.5): Promise<Uint8Array> {
  const pages = Array.from({ length: 20 }, (_, index) => `Page ${index + 1}\nRevenue\t1,200\t1,450`);
  const whole = await makePdf(pages);
  return whole.slice(0, Math.floor(whole.length * keep));
}

export function makeEncryptedPdf(password = 'secret'): Promise<Uint8Array> {
  return makePdf(['Confidential term sheet\nFacility amount\tEUR 5,000,000'], { userPassword: password });
}

/** A PDF of `pageCount` short pages (default 5,000), far past DEFAULT_EXTRACTION_LIMITS.maxPages. */
export function makeManyPagePdf(pageCount = 5_000): Promise<Uint8Array> {
  return makePdf(Array.from({ length: pageCount }, (_, index) => `Page ${index + 1} of ${pageCount}`));
}

/** One sheet of `rows` x `columns` numbers (default 50,000 x 20: a million cells). */
export function makeHugeSheetXlsx(rows = 50_000, columns = 20): Uint8Array {
  const data: number[][] = [];
  for (let row = 0; row < rows; row += 1) {
    const line = new Array<number>(columns);
    for (let column = 0; column < columns; column += 1) line[column] = row * columns + column;
    data.push(line);
  }
  return makeXlsx([{ name: 'Data', rows: data }]);
}

/** A Windows executable's first bytes (DOS "MZ" header and stub), as if renamed to .pdf. */
export function makeExecutable(): Uint8Array {
  const bytes = new Uint8Array(4096);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);
  bytes.set(Buffer.from('This program cannot be run in DOS mode.\r\r\n$'), 0x4e);
  bytes.set(Buffer.from('PE\0\0'), 0x80);
  return bytes;
}
