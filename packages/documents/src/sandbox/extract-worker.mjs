// The worker thread of extractInSandbox, kept warm between files (worker-pool.ts). Plain JavaScript
// on purpose: a worker starts without the parent's module hooks (vitest's, or tsx's when the server
// runs under `node --import tsx`), so it loads the TypeScript extractor itself through tsx's API,
// whatever started the parent.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { extractDocument } = await tsImport('../extract.ts', import.meta.url);

/** Cells go back in batches of this many, each only when the parent asks for the next. */
const BATCH = 5_000;

/** The cell batches of the current file that the parent has not asked for yet. */
let batches = [];

parentPort.on('message', async (message) => {
  if (message.kind === 'next') {
    parentPort.postMessage(batches.shift());
    return;
  }
  const { bytes, format, limits, options } = message;
  let result;
  try {
    result = await extractDocument(bytes, format, limits, options);
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
  batches = [];
  result.sheets.forEach((sheet, sheet_index) => {
    for (let start = 0; start < sheet.cells.length; start += BATCH) {
      batches.push({ kind: 'cells', sheet: sheet_index, cells: sheet.cells.slice(start, start + BATCH) });
    }
  });
  const head = { ...result, sheets: result.sheets.map((sheet) => ({ ...sheet, cells: [] })) };
  parentPort.postMessage({ kind: 'head', result: head, batches: batches.length });
});
