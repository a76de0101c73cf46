import { MAX_UPLOAD_BYTES } from '@atempo/contracts/constants';

/**
 * Spec 01 §5: PDF, Word (.doc, .docx) and Excel (.xls, .xlsx) of at most 10 MB. The browser can
 * only judge by name and declared type; the server checks the content itself and answers 415 for
 * a disguised file, which then shows as that file's error.
 */
const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx'] as const;

/** For the file picker's accept attribute. */
export const UPLOAD_ACCEPT = [
  ...ACCEPTED_EXTENSIONS,
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

export function isAcceptedUpload(file: Pick<File, 'name' | 'size'>): boolean {
  const name = file.name.toLowerCase();
  return file.size <= MAX_UPLOAD_BYTES && ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** The files to analyse, and how many were skipped. */
export function partitionUploads<T extends Pick<File, 'name' | 'size'>>(
  files: readonly T[],
): { accepted: T[]; skipped: number } {
  const accepted = files.filter(isAcceptedUpload);
  return { accepted, skipped: files.length - accepted.length };
}
