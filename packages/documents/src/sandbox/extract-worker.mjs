// The worker thread of extractInSandbox. Plain JavaScript on purpose: a worker starts without the
// parent's module hooks (vitest's, or tsx's when the server runs under `node --import tsx`), so it
// loads the TypeScript extractor itself through tsx's API, whatever started the parent.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { extractDocument } = await tsImport('../extract.ts', import.meta.url);

/** Cells go back in batches of this many, each only when the parent asks for the next. */
const BATCH = 5_000;

parentPort.once('message', async ({ bytes, format, limits }) => {
  let result;
  try {
    result = await extractDocument(bytes, format, limits);
  } catch (error) {
    parentPort.postMessage({
      kind: 'failed',
      unreadable: error?.name === 'UnreadableDocumentError',
      message: String(error?.message ?? error),
    });
    return;
  }
  // Copying a whole 200,000-cell result into the parent at once would hold its event loop for
  // hundreds of milliseconds; the parent pulls the cells in batches instead, yielding between them.
  const batches = [];
  result.sheets.forEach((sheet, sheet_index) => {
    for (let start = 0; start < sheet.cells.length; start += BATCH) {
      batches.push({ kind: 'cells', sheet: sheet_index, cells: sheet.cells.slice(start, start + BATCH) });
    }
  });
  const head = { ...result, sheets: result.sheets.map((sheet) => ({ ...sheet, cells: [] })) };
  parentPort.postMessage({ kind: 'head', result: head, batches: batches.length });
  parentPort.on('message', () => parentPort.postMessage(batches.shift()));
});
