import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { UNREADABLE } from '../messages.ts';
import { UnreadableDocumentError } from '../types.ts';

/**
 * Zip-bomb guard for .docx and .xlsx, run before mammoth or SheetJS see the file (they would inflate
 * every part into memory at once). Two checks with yauzl, a maintained zip reader:
 *  1. the sizes the central directory declares, read without inflating anything;
 *  2. the bytes actually produced while inflating each part as a stream, counted and cut off at the
 *     limit (yauzl also stops a part that inflates to more than it declared).
 */

/** A real Office file has tens to a few thousand parts; a million tiny parts is an attack of its own. */
const MAX_ENTRIES = 20_000;

export interface ZipGuardOptions {
  maxInflatedBytes: number;
  /** Called for each part before it is inflated; a returned function receives its inflated chunks. */
  watch?: (fileName: string) => ((chunk: Buffer) => void) | undefined;
  /** Checked between parts, so a slow file ends with the caller's timeout error. */
  checkTime?: () => void;
}

export interface ZipSummary {
  entries: { fileName: string; uncompressedSize: number }[];
  inflatedBytes: number;
}

const openZip = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

export async function guardZip(bytes: Uint8Array, options: ZipGuardOptions): Promise<ZipSummary> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = await readCentralDirectory(buffer, options.maxInflatedBytes);
  const zip = await open(buffer);
  let inflatedBytes = 0;
  try {
    for (const entry of entries) {
      options.checkTime?.();
      if (entry.fileName.endsWith('/')) continue; // a folder has no data
      const onChunk = options.watch?.(entry.fileName);
      const stream = await promisify(zip.openReadStream.bind(zip))(entry);
      await new Promise<void>((resolve, reject) => {
        stream.on('data', (chunk: Buffer) => {
          inflatedBytes += chunk.length;
          if (inflatedBytes > options.maxInflatedBytes) {
            stream.destroy(new UnreadableDocumentError(UNREADABLE.zipBomb));
            return;
          }
          onChunk?.(chunk);
        });
        stream.on('end', resolve);
        stream.on('error', (error) => reject(error));
      });
    }
  } catch (error) {
    throw asUnreadable(error);
  } finally {
    zip.close();
  }
  return {
    entries: entries.map(({ fileName, uncompressedSize }) => ({ fileName, uncompressedSize })),
    inflatedBytes,
  };
}

async function open(buffer: Buffer): Promise<yauzl.ZipFile> {
  try {
    return await openZip(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new UnreadableDocumentError(UNREADABLE.zipDamaged, { cause: error });
  }
}

/** Every entry of the central directory, refusing the file when the declared total is too large. */
async function readCentralDirectory(buffer: Buffer, maxInflatedBytes: number): Promise<yauzl.Entry[]> {
  const zip = await open(buffer);
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    const fail = (error: UnreadableDocumentError) => {
      zip.close();
      reject(error);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      declared += entry.uncompressedSize;
      if (declared > maxInflatedBytes) return fail(new UnreadableDocumentError(UNREADABLE.zipBomb));
      if (entries.length > MAX_ENTRIES) return fail(new UnreadableDocumentError(UNREADABLE.zipBomb));
      zip.readEntry();
    });
    zip.on('end', () => {
      zip.close();
      resolve(entries);
    });
    zip.on('error', (error) => fail(asUnreadable(error)));
    zip.readEntry();
  });
}

function asUnreadable(error: unknown): UnreadableDocumentError {
  if (error instanceof UnreadableDocumentError) return error;
  // yauzl's "too many bytes in the stream": the part inflated past the size it declared.
  if (/too many bytes|expected .* bytes/i.test(String((error as Error)?.message))) {
    return new UnreadableDocumentError(UNREADABLE.zipBomb, { cause: error });
  }
  return new UnreadableDocumentError(UNREADABLE.zipDamaged, { cause: error });
}
