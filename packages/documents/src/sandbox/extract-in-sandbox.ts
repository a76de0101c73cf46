import { type ExtractOptions, type PdfEngine, preferredPdfEngine } from '../extract.ts';
import { resolveLimits } from '../limits.ts';
import { UNREADABLE } from '../messages.ts';
import { mergePdfShares } from '../pdf/pdf-result.ts';
import {
  type DocumentFormat,
  type ExtractedDocument,
  type ExtractionLimits,
  type Sheet,
  UnreadableDocumentError,
} from '../types.ts';
import { activeSandboxes, inSandboxSlot, MAX_CONCURRENT_SANDBOXES } from './slots.ts';
import { acquireWorker, discardWorker, releaseWorker } from './worker-pool.ts';

/** What a reader that crashed on a file (rather than refusing it) tells the person. */
const CRASHED =
  'The file could not be read: its content is damaged or in a form the reader does not understand.';

/**
 * Below this size a PDF is read by one worker even with pdf.js: sharing out a few pages costs more
 * (a second worker opens the file and loads its fonts) than it saves.
 */
const SHARED_PDF_MIN_BYTES = 256 * 1024;

export interface SandboxOptions {
  /** The PDF engine; by default pdftotext when installed (preferredPdfEngine). */
  pdfEngine?: PdfEngine;
  /**
   * pdf.js reads a PDF on one core. With several cores, a PDF is shared out to one worker per core,
   * each reading every n-th page, and merged: `true` always, `false` never, and by default when it
   * has SHARED_PDF_MIN_BYTES or more (a smaller one costs a second worker more than it saves) and no
   * other file is being read: shares cost ~20 % more CPU in all (bench/extraction.ts), which is
   * worth it on idle cores, not when the other workers are busy.
   */
  sharePdfPages?: boolean;
}

/** What the worker sends (see extract-worker.mjs): a failure, or the result without its cells, then the cells in batches. */
type WorkerMessage =
  | { kind: 'failed'; unreadable: boolean; message: string }
  | { kind: 'head'; result: ExtractedDocument; batches: number }
  | { kind: 'cells'; sheet: number; cells: Sheet['cells'] };

interface Job {
  bytes: Uint8Array<ArrayBuffer>;
  format: DocumentFormat;
  limits: ExtractionLimits;
  options: ExtractOptions;
}

/**
 * extractDocument in a worker thread, so a hostile file costs that thread and never the server's
 * event loop: the worker's heap is capped at `maxMemoryMb` (V8 stops it when exceeded) and it is
 * terminated at `timeoutMs`. Either ends as an UnreadableDocumentError with a plain sentence.
 * Workers are kept warm between files (worker-pool.ts); one that ran out of time or memory or
 * crashed is terminated and replaced. At most one worker per core runs at once (slots.ts); the time
 * limit starts when a worker takes the file.
 */
export async function extractInSandbox(
  bytes: Uint8Array,
  format: DocumentFormat,
  limits?: Partial<ExtractionLimits>,
  options: SandboxOptions = {},
): Promise<ExtractedDocument> {
  const resolved = resolveLimits(limits);
  // The caller may reuse its buffer while this waits for the engine or a slot: copy now.
  const copy = bytes.slice();
  // The engine is chosen here, once per process, so that a new worker need not probe for poppler.
  const pdfEngine = format === 'pdf' ? (options.pdfEngine ?? (await preferredPdfEngine())) : undefined;
  const share =
    pdfEngine === 'pdfjs' &&
    MAX_CONCURRENT_SANDBOXES > 1 &&
    (options.sharePdfPages ?? (bytes.byteLength >= SHARED_PDF_MIN_BYTES && activeSandboxes() === 0));
  const shares = share ? MAX_CONCURRENT_SANDBOXES : 1;
  const engine = pdfEngine ? { pdfEngine } : {};
  if (shares === 1) {
    const job: Job = { bytes: copy, format, limits: resolved, options: engine };
    return inSandboxSlot(() => runJob(job));
  }
  // One share of the pages per worker; the first to fail stops the others.
  const abandon = new AbortController();
  const jobs = Array.from({ length: shares }, (_, index): Job => {
    const pageShare = { index, count: shares };
    // Each worker gets its own copy: the bytes are moved into it.
    const own = index === 0 ? copy : copy.slice();
    return { bytes: own, format, limits: resolved, options: { pdfEngine: 'pdfjs', pageShare } };
  });
  try {
    const results = await Promise.all(jobs.map((job) => inSandboxSlot(() => runJob(job, abandon.signal))));
    return mergePdfShares(results, resolved);
  } catch (error) {
    abandon.abort(error);
    throw error;
  }
}

function runJob(job: Job, abandoned?: AbortSignal): Promise<ExtractedDocument> {
  if (abandoned?.aborted) return Promise.reject(abandoned.reason);
  const pooled = acquireWorker(job.limits.maxMemoryMb);
  const { worker } = pooled;
  return new Promise((resolve, reject) => {
    let settled = false;
    /** Ends the job; the worker goes back to the pool only after a clean answer. */
    const finish = (reusable: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      abandoned?.removeEventListener('abort', onAbandoned);
      if (reusable) releaseWorker(pooled);
      else discardWorker(pooled);
      outcome();
    };
    const timer = setTimeout(
      () => finish(false, () => reject(new UnreadableDocumentError(UNREADABLE.timeout))),
      job.limits.timeoutMs,
    );

    let result: ExtractedDocument | undefined;
    let batchesLeft = 0;
    // Ask for the next batch of cells after yielding, so other requests are answered in between.
    const askForCells = () => setImmediate(() => !settled && worker.postMessage({ kind: 'next' }));
    const onMessage = (message: WorkerMessage) => {
      if (message.kind === 'failed') {
        const sentence = message.unreadable ? message.message : CRASHED;
        // A clean refusal (a password, a zip bomb) leaves the worker sound; a crash does not.
        finish(message.unreadable, () =>
          reject(new UnreadableDocumentError(sentence, { cause: message.message })),
        );
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
        finish(true, () => resolve(done));
      }
    };
    const onError = (error: Error & { code?: string }) => {
      finish(false, () => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(new UnreadableDocumentError(UNREADABLE.memory, { cause: error }));
        else reject(new UnreadableDocumentError(CRASHED, { cause: error }));
      });
    };
    const onExit = (code: number) => {
      finish(false, () =>
        reject(
          new UnreadableDocumentError(CRASHED, { cause: new Error(`extraction worker exited with ${code}`) }),
        ),
      );
    };
    const onAbandoned = () => finish(false, () => reject(abandoned?.reason));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    abandoned?.addEventListener('abort', onAbandoned, { once: true });

    // The copy is moved (not cloned) into the worker; the caller keeps its bytes.
    worker.postMessage({ kind: 'extract', ...job }, [job.bytes.buffer]);
  });
}
