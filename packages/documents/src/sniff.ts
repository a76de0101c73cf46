import * as CFB from 'cfb';
import { unzipSync } from 'fflate';
import type { DocumentFormat } from './types.ts';

/**
 * Recognises an upload by its content alone: the name and the declared type are the sender's
 * claims, the bytes are the file. A format is answered only when both the signature and the
 * container's structure say so (a zip is not a .docx unless it holds a Word document part), so an
 * executable named .pdf or a text file named .xlsx is refused before anything tries to parse it.
 */

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4, a local file header
const EMPTY_ZIP_SIGNATURE = [0x50, 0x4b, 0x05, 0x06]; // an archive with no entries
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // OLE compound file

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.length <= bytes.length && signature.every((byte, index) => bytes[index] === byte);
}

/** The OOXML part each format's package must hold, beside [Content_Types].xml. */
const OOXML_MAIN_PART: Record<'docx' | 'xlsx', string> = {
  docx: 'word/document.xml',
  xlsx: 'xl/workbook.xml',
};

/** Lists a zip's entries from its central directory; nothing is inflated. */
function zipEntryNames(bytes: Uint8Array): Set<string> | null {
  const names = new Set<string>();
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name.toLowerCase());
        return false;
      },
    });
  } catch {
    return null;
  }
  return names;
}

function sniffZip(bytes: Uint8Array): 'docx' | 'xlsx' | null {
  const names = zipEntryNames(bytes);
  if (!names?.has('[content_types].xml')) return null;
  const isWord = names.has(OOXML_MAIN_PART.docx);
  const isExcel = names.has(OOXML_MAIN_PART.xlsx);
  // A package claiming to be both is not a document we can name.
  if (isWord === isExcel) return null;
  return isWord ? 'docx' : 'xlsx';
}

/** Names of the streams and storages directly under a compound file's root, lower-cased. */
function rootEntryNames(bytes: Uint8Array): Set<string> | null {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'array' });
  } catch {
    return null;
  }
  const names = new Set<string>();
  container.FullPaths.forEach((fullPath, index) => {
    // "Root Entry/WordDocument": one separator after the root's name, none after the entry's.
    const parts = fullPath.split('/').filter(Boolean);
    const entry = container.FileIndex[index];
    if (parts.length === 2 && entry) names.add(entry.name.toLowerCase());
  });
  return names;
}

function sniffCompoundFile(bytes: Uint8Array): 'doc' | 'xls' | null {
  const names = rootEntryNames(bytes);
  if (!names) return null;
  const isWord = names.has('worddocument');
  // BIFF8 workbooks (Excel 97 and later) name the stream Workbook; BIFF5 (Excel 5/95) Book.
  const isExcel = names.has('workbook') || names.has('book');
  if (isWord === isExcel) return null;
  return isWord ? 'doc' : 'xls';
}

/** The document format of `bytes`, or null when they are not a PDF, Word or Excel file. */
export function sniffDocumentFormat(bytes: Uint8Array): DocumentFormat | null {
  if (startsWith(bytes, PDF_SIGNATURE)) return 'pdf';
  if (startsWith(bytes, ZIP_SIGNATURE) || startsWith(bytes, EMPTY_ZIP_SIGNATURE)) return sniffZip(bytes);
  if (startsWith(bytes, CFB_SIGNATURE)) return sniffCompoundFile(bytes);
  return null;
}
