import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Reads the one CSV file of a multipart/form-data upload (field 'file'), held in memory up to the
 * multipart size limit the route registered. A missing file, an oversized one and a broken body
 * each get their own clear 4xx.
 */
export async function readCsvUpload(
  request: FastifyRequest,
  maxMegabytes: number,
): Promise<{ buffer: Buffer; filename: string }> {
  const noFile = () =>
    new AppError(400, 'FILE_REQUIRED', "No file: send the CSV as the multipart/form-data field 'file'");
  if (!request.isMultipart()) throw noFile();
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch {
    throw noFile();
  }
  if (file?.fieldname !== 'file') throw noFile();
  try {
    return { buffer: await file.toBuffer(), filename: file.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'FILE_TOO_LARGE',
        `The file is larger than ${maxMegabytes} MB; split it into smaller files`,
      );
    }
    // The body ended before the closing boundary, or the parts are garbled: the upload broke.
    throw new AppError(
      400,
      'MALFORMED_MULTIPART',
      'The upload is incomplete or malformed; send the file again',
    );
  }
}
