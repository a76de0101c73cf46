/**
 * At most `limit` holders at a time, first come first served. Graph (Outlook especially) allows
 * about 4 concurrent requests per app and mailbox; unbounded Promise.all is what gets imports
 * throttled into failure.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError('Semaphore limit must be a positive integer');
  }

  /** Resolves with a release function once a slot is free; call it exactly once. */
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (next) next();
      else this.active--;
    };
  }
}
