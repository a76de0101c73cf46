// The worker thread of extractInSandbox. Plain JavaScript on purpose: a worker starts without the
// parent's module hooks (vitest's, or tsx's when the server runs under `node --import tsx`), so it
// loads the TypeScript extractor itself through tsx's API, whatever started the parent.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { extractDocument } = await tsImport('../extract.ts', import.meta.url);

parentPort.once('message', async ({ bytes, format, limits }) => {
  try {
    const result = await extractDocument(bytes, format, limits);
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({
      ok: false,
      unreadable: error?.name === 'UnreadableDocumentError',
      message: String(error?.message ?? error),
    });
  }
});
