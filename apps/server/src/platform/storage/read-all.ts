import type { Readable } from 'node:stream';

/** A stored file's stream as one buffer (files are at most MAX_UPLOAD_BYTES). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
