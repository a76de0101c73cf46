import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_DETAIL, UPLOAD_UNSUPPORTED_TYPE_DETAIL } from '@atempo/contracts';
import { type DocumentFormat, sniffDocumentFormat } from '@atempo/documents';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

/** An upload that arrived whole and is a supported document, waiting in a temporary file. */
export interface ReceivedUpload {
  /** The temporary file; discard() removes it (storage may have moved it already). */
  path: string;
  size: number;
  sha256: string;
  format: DocumentFormat;
  /** The name the sender gave, without any folder part. */
  filename: string;
  /** The other multipart fields, as sent (the route validates them). */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 10_000;
const MAX_FILENAME_LENGTH = 255;

const noFile = () =>
  new AppError(400, 'FILE_REQUIRED', "No file: send the document as the multipart/form-data field 'file'");
const malformed = () =>
  new AppError(400, 'MALFORMED_MULTIPART', 'The upload is incomplete or malformed; send the file again');

/** The multipart limits of the upload routes (register @fastify/multipart with them). */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: MAX_FIELDS,
  fieldSize: MAX_FIELD_BYTES,
  parts: MAX_FIELDS + 1,
} as const;

/**
 * The name as a person reads it: browsers on Windows may send "C:\fakepath\deck.pdf", and a name
 * is stored as text, so control characters (NUL among them) are dropped.
 */
export function cleanFilename(raw: string | undefined, format: DocumentFormat): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = [...cleaned].slice(0, MAX_FILENAME_LENGTH).join('');
  return name || `document.${format}`;
}

function hashing(onChunk: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        onChunk(chunk);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, chunk);
    },
  });
}

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'UPLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_DETAIL);
  if (code === 'FST_FILES_LIMIT') return new AppError(400, 'ONE_FILE_ONLY', 'Send one file per upload');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError(400, 'TOO_MANY_FIELDS', 'The upload has more form fields than it can have');
  }
  // The body ended before the closing boundary, or the parts are garbled: the upload broke.
  return malformed();
}

/**
 * Reads a multipart upload: the file streams to a temporary file under `tempDirectory` while it is
 * hashed and counted (never held whole in memory while arriving), then its content decides whether
 * it is a document at all. Anything that goes wrong removes the temporary file before the error
 * leaves: a refused upload leaves nothing behind.
 */
export async function receiveUpload(request: FastifyRequest, tempDirectory: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw noFile();
  await mkdir(tempDirectory, { recursive: true });
  const file = path.join(tempDirectory, `${randomUUID()}.upload`);
  const discard = () => rm(file, { force: true });
  const fields: Record<string, string> = {};
  let received: { size: number; sha256: string; filename: string | undefined } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          throw new AppError(400, 'FIELD_TOO_LONG', `The field '${part.fieldname}' is too long`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        throw noFile();
      }
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        part.file,
        hashing((chunk) => {
          hash.update(chunk);
          size += chunk.length;
        }),
        createWriteStream(file),
      );
      if (part.file.truncated) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' });
      received = { size, sha256: hash.digest('hex'), filename: part.filename };
    }
    if (!received) throw noFile();
    return await asDocument(file, received, fields, discard);
  } catch (error) {
    await discard();
    throw uploadError(error);
  }
}

/** A received file is a document when its content says so, whatever its name claims. */
async function asDocument(
  file: string,
  received: { size: number; sha256: string; filename: string | undefined },
  fields: Record<string, string>,
  discard: () => Promise<void>,
): Promise<ReceivedUpload> {
  if (received.size > MAX_UPLOAD_BYTES) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' });
  const format = sniffDocumentFormat(await readFile(file));
  if (!format) throw new AppError(415, 'UPLOAD_UNSUPPORTED_TYPE', UPLOAD_UNSUPPORTED_TYPE_DETAIL);
  return {
    path: file,
    size: received.size,
    sha256: received.sha256,
    format,
    filename: cleanFilename(received.filename, format),
    fields,
    discard,
  };
}

/**
 * A file fetched from elsewhere (a SharePoint download) received like an upload: streamed to a
 * temporary file while hashed and counted, stopped past the upload limit (413) and sniffed (415).
 */
export async function receiveStream(
  source: AsyncIterable<Uint8Array>,
  filename: string,
  tempDirectory: string,
): Promise<ReceivedUpload> {
  await mkdir(tempDirectory, { recursive: true });
  const file = path.join(tempDirectory, `${randomUUID()}.upload`);
  const discard = () => rm(file, { force: true });
  try {
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      source,
      hashing((chunk) => {
        size += chunk.length;
        if (size > MAX_UPLOAD_BYTES) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' });
        hash.update(chunk);
      }),
      createWriteStream(file),
    );
    return await asDocument(file, { size, sha256: hash.digest('hex'), filename }, {}, discard);
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * Removes temporary upload files older than `maxAgeMs`: what a process killed in the middle of an
 * upload left behind (a live upload is seconds old). Best effort; errors are ignored.
 */
export async function sweepStaleUploads(tempDirectory: string, maxAgeMs = 60 * 60 * 1000): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempDirectory);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith('.upload'))) {
    const file = path.join(tempDirectory, name);
    try {
      if (Date.now() - (await stat(file)).mtimeMs > maxAgeMs) {
        await rm(file, { force: true });
        removed++;
      }
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
