import { Worker } from 'node:worker_threads';
import { resolveLimits } from '../limits.ts';
import { UNREADABLE } from '../messages.ts';
import {
  type DocumentFormat,
  type ExtractedDocument,
  type ExtractionLimits,
  type Sheet,
  UnreadableDocumentError,
} from '../types.ts';
import { inSandboxSlot } from './slots.ts';

const WORKER = new URL('./extract-worker.mjs', import.meta.url);

/** What a reader that crashed on a file (rather than refusing it) tells the person. */
const CRASHED =
  'The file could not be read: its content is damaged or in a form the reader does not understand.';

/** What the worker sends (see extract-worker.mjs): a failure, or the result without its cells, then the cells in batches. */
type WorkerMessage =
  | { kind: 'failed'; unreadable: boolean; message: string }
  | { kind: 'head'; result: ExtractedDocument; batches: number }
  | { kind: 'cells'; sheet: number; cells: Sheet['cells'] };

/**
 * extractDocument in a worker thread of its own, so a hostile file costs that thread and never the
 * server's event loop: the worker's heap is capped at `maxMemoryMb` (V8 stops it when exceeded) and
 * it is terminated at `timeoutMs`. Either ends as an UnreadableDocumentError with a plain sentence.
 * One fresh worker per file: nothing a file leaves behind (memory, a stuck parser) outlives it.
 * At most one worker per core runs at once (slots.ts); the time limit starts when the worker does.
 */
export function extractInSandbox(
  bytes: Uint8Array,
  format: DocumentFormat,
  limits?: Partial<ExtractionLimits>,
): Promise<ExtractedDocument> {
  const resolved = resolveLimits(limits);
  // The caller may reuse its buffer while this waits for a slot: copy now.
  const copy = bytes.slice();
  return inSandboxSlot(() => runWorker(copy, format, resolved));
}

function runWorker(
  bytes: Uint8Array<ArrayBuffer>,
  format: DocumentFormat,
  resolved: ExtractionLimits,
): Promise<ExtractedDocument> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(WORKER, {
      // The parent's flags (a test runner's, --import tsx) are not the worker's business; it loads tsx itself.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: resolved.maxMemoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(resolved.maxMemoryMb / 8))),
      },
    });
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new UnreadableDocumentError(UNREADABLE.timeout))),
      resolved.timeoutMs,
    );

    let result: ExtractedDocument | undefined;
    let batchesLeft = 0;
    // Ask for the next batch of cells after yielding, so other requests are answered in between.
    const askForCells = () => setImmediate(() => !settled && worker.postMessage('next'));
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'failed') {
        const sentence = message.unreadable ? message.message : CRASHED;
        finish(() => reject(new UnreadableDocumentError(sentence, { cause: message.message })));
        return;
      }
      if (message.kind === 'head') {
        result = message.result;
        batchesLeft = message.batches;
      } else {
        result?.sheets[message.sheet]?.cells.push(...message.cells);
        batchesLeft -= 1;
      }
      if (batchesLeft > 0) askForCells();
      else if (result) {
        const done = result;
        finish(() => resolve(done));
      }
    });
    worker.once('error', (error: Error & { code?: string }) => {
      finish(() => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(new UnreadableDocumentError(UNREADABLE.memory, { cause: error }));
        else reject(new UnreadableDocumentError(CRASHED, { cause: error }));
      });
    });
    worker.once('exit', (code) => {
      finish(() =>
        reject(
          new UnreadableDocumentError(CRASHED, { cause: new Error(`extraction worker exited with ${code}`) }),
        ),
      );
    });

    // The copy is moved (not cloned) into the worker; the caller keeps its bytes.
    worker.postMessage({ bytes, format, limits: resolved }, [bytes.buffer]);
  });
}
