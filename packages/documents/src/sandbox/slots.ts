import { availableParallelism } from 'node:os';

/**
 * How many extraction workers may run at once in this process: one per core. Each worker may take
 * up to maxMemoryMb of heap and a core of CPU; a burst of uploads waits its turn here instead of
 * starting as many workers as there are files.
 */
export const MAX_CONCURRENT_SANDBOXES = Math.max(1, availableParallelism());

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when a slot is free; the slot is given back however the task ends. */
export async function inSandboxSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_SANDBOXES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays the number of workers.
    if (next) next();
    else running -= 1;
  }
}

/** Extraction workers running now (for tests and monitoring). */
export function activeSandboxes(): number {
  return running;
}
