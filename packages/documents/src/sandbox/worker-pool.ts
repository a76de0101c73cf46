import { Worker } from 'node:worker_threads';
import { MAX_CONCURRENT_SANDBOXES } from './slots.ts';

/**
 * Warm extraction workers, kept between files. Starting a worker costs tsx and the reader's modules
 * (0.3–1 s on a loaded 2-core machine), more than pdftotext takes to read a 100-page filing, so a
 * worker that finished a file cleanly waits here for the next one. A worker that ran out of time or
 * memory, or crashed, is terminated and never reused (extract-in-sandbox.ts); every worker is
 * retired after JOBS_PER_WORKER files, so nothing a library leaves behind can build up, and after
 * IDLE_WORKER_MS without work, so an idle server holds no extraction heaps.
 *
 * Busy workers are bounded by the sandbox slots (one per core); together with the idle ones there
 * are never more than MAX_CONCURRENT_SANDBOXES workers.
 */

const WORKER = new URL('./extract-worker.mjs', import.meta.url);
export const IDLE_WORKER_MS = 60_000;
export const JOBS_PER_WORKER = 50;

export interface PooledWorker {
  readonly worker: Worker;
  /** The heap limit it was started with; a file with another limit needs another worker. */
  readonly memoryMb: number;
  jobs: number;
  idleTimer?: NodeJS.Timeout;
}

const idle: PooledWorker[] = [];
let busy = 0;

/** A warm worker with this heap limit, or a new one. Give it back with releaseWorker or discardWorker. */
export function acquireWorker(memoryMb: number): PooledWorker {
  busy += 1;
  const index = idle.findIndex((pooled) => pooled.memoryMb === memoryMb);
  if (index >= 0) {
    const [pooled] = idle.splice(index, 1) as [PooledWorker];
    clearTimeout(pooled.idleTimer);
    pooled.worker.ref();
    return pooled;
  }
  // Idle workers with another heap limit make room for the new one.
  while (idle.length > 0 && idle.length + busy > MAX_CONCURRENT_SANDBOXES) end(idle.shift() as PooledWorker);
  return { worker: startWorker(memoryMb), memoryMb, jobs: 0 };
}

/** The worker finished a file cleanly: keep it warm for the next one (or retire it when it has read enough). */
export function releaseWorker(pooled: PooledWorker): void {
  busy -= 1;
  pooled.jobs += 1;
  if (pooled.jobs >= JOBS_PER_WORKER || idle.length + busy >= MAX_CONCURRENT_SANDBOXES) {
    end(pooled);
    return;
  }
  // An idle worker must not keep the process alive (a CLI, a test runner, a server shutting down).
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => {
    const index = idle.indexOf(pooled);
    if (index >= 0) idle.splice(index, 1);
    end(pooled);
  }, IDLE_WORKER_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

/** The worker ran out of time or memory, crashed, or its file was abandoned: it is not reused. */
export function discardWorker(pooled: PooledWorker): void {
  busy -= 1;
  end(pooled);
}

/** The warm workers waiting for a file now (for tests and monitoring). */
export function idleWorkers(): { threadId: number; memoryMb: number; jobs: number }[] {
  return idle.map(({ worker, memoryMb, jobs }) => ({ threadId: worker.threadId, memoryMb, jobs }));
}

function startWorker(memoryMb: number): Worker {
  const worker = new Worker(WORKER, {
    // The parent's flags (a test runner's, --import tsx) are not the worker's business; it loads tsx itself.
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb,
      maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(memoryMb / 8))),
    },
  });
  // Each file listens for its own outcome; this listener only keeps a worker's failure while it is
  // idle (it should have none) from becoming an uncaught error in the server.
  worker.on('error', () => {});
  worker.once('exit', () => {
    const index = idle.findIndex((pooled) => pooled.worker === worker);
    if (index >= 0) {
      clearTimeout(idle[index]?.idleTimer);
      idle.splice(index, 1);
    }
  });
  return worker;
}

function end(pooled: PooledWorker): void {
  clearTimeout(pooled.idleTimer);
  void pooled.worker.terminate();
}
