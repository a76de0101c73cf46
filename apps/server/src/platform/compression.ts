import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes a body goes out as it is: the headers and the CPU would cost more. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call: for a list page (~17 KB) the
 * per-response zlib stream and its thread-pool hops cost about 1 ms, the compression itself about
 * 0.2 ms (bench/README.md). The plugin's default on 2 cores (8 KB) would stream every list page.
 */
export const SYNC_COMPRESS_MAX_BYTES = 65_536;

/**
 * Brotli or gzip, as the client prefers, for API answers and static files alike. Brotli runs at
 * quality 4: compressing on every request at the default 11 costs milliseconds for a few percent.
 * Register before the routes so that every route gets it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
