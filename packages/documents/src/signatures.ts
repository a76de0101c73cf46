/**
 * Container checks on the first bytes: the format was decided upstream (from the content), so these
 * only make sure each reader gets the container it expects and a mismatch reads as a clear sentence
 * rather than a parser's stack trace. They do not guess a format.
 */

const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, index) => bytes[at + index] === byte);
}

/** "%PDF-" in the first kilobyte (readers accept a little junk before the header, as Acrobat does). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF.length, 1024);
  for (let at = 0; at <= end; at += 1) if (startsWith(bytes, PDF, at)) return true;
  return false;
}

export const isZipContainer = (bytes: Uint8Array): boolean => startsWith(bytes, ZIP);

/** OLE compound file: .doc, .xls, and also password-protected .docx/.xlsx (an encrypted package). */
export const isCompoundFile = (bytes: Uint8Array): boolean => startsWith(bytes, CFB);
