/**
 * Real files with known contents, built in memory, for the tests of every module that reads
 * documents: `import { makePdf, makeXlsx } from '@atempo/documents/testing'`. Not for production
 * code (the generators are devDependencies of @atempo/documents).
 */
export {
  makeEncryptedPdf,
  makeExecutable,
  makeHugeSheetXlsx,
  makeManyPagePdf,
  makeTruncatedPdf,
  makeZipBombDocx,
  makeZipBombXlsx,
  ZIP_BOMB_INFLATED_BYTES,
  type ZipBombOptions,
} from './hostile.ts';
export { type MakePdfOptions, makePdf } from './pdf.ts';
export { readPdfFile } from './pdf-file.ts';
export { corpusDir, sampleDoc, sampleZip } from './samples.ts';
export { makeXls, makeXlsx, type SheetSpec } from './sheets.ts';
export { type DocxBlock, makeDocx } from './word.ts';
