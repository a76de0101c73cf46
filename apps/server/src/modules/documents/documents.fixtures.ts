import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { TDocument, TDocumentUploadResponse, TErrorResponse } from '@atempo/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../test/server.ts';

/** Test helpers for documents: multipart uploads as a browser sends them, and waiting for the job. */

const BOUNDARY = '----atempo-document-boundary';

export interface UploadOptions {
  filename?: string;
  /** The declared type; the server ignores it, as the tests show. */
  contentType?: string;
  fields?: Record<string, string>;
  path?: string;
}

export function multipartBody(bytes: Uint8Array, options: UploadOptions = {}): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'document.pdf'}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

export async function upload(
  app: FastifyInstance,
  token: string,
  bytes: Uint8Array,
  options: UploadOptions = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: options.path ?? '/api/v1/document-processing/process?async_processing=true',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${token}`,
    },
    payload: multipartBody(bytes, options),
  });
  return {
    status: response.statusCode,
    body: response.json() as TDocumentUploadResponse & Partial<TErrorResponse>,
  };
}

/** Uploads and insists it was accepted. */
export async function uploadAccepted(
  app: FastifyInstance,
  token: string,
  bytes: Uint8Array,
  options: UploadOptions = {},
): Promise<TDocumentUploadResponse> {
  const response = await upload(app, token, bytes, options);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body;
}

/** Polls GET /documents/{id} until the document is no longer processing (usable outside a test too). */
export async function processed(
  app: FastifyInstance,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<TDocument> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call<TDocument>(app, 'GET', `/api/v1/documents/${id}`, { token });
    if (response.status !== 200) throw new Error(`GET /documents/${id} answered ${response.status}`);
    if (response.body.status !== 'processing') return response.body;
    if (Date.now() > deadline) throw new Error(`Document ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every file under `directory`, relative to it (none when it does not exist). */
export function filesUnder(directory: string): string[] {
  try {
    return readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
