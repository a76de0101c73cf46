import type { TImportResult } from '@atempo/contracts';
import type { FastifyInstance } from 'fastify';

const BOUNDARY = '----atempo-test-boundary';

/** POSTs `csv` as the multipart file field `field` (default 'file'), as a browser's FormData does. */
export async function uploadCsv(
  app: FastifyInstance,
  path: string,
  token: string | undefined,
  csv: string | Buffer,
  field = 'file',
) {
  const content = typeof csv === 'string' ? Buffer.from(csv) : csv;
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="data.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as TImportResult & { detail?: string; code?: string },
  };
}
