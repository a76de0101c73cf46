import { openTestDatabase } from '@atempo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../test/server.ts';
import { JobQueue } from './jobs.ts';
import { createLogger } from './logger.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const logger = createLogger({ logLevel: 'silent' });

describe('JobQueue', () => {
  it('runs sent jobs in a worker and lets a running job finish when stopping', async () => {
    const jobs = new JobQueue({ database, connectionString: database.url, logger });
    const events: string[] = [];
    let started!: () => void;
    const jobStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    jobs.define<{ n: number }>({
      name: 'slow-job',
      handler: async ({ n }) => {
        events.push(`start ${n}`);
        started();
        await new Promise((resolve) => setTimeout(resolve, 400));
        events.push(`end ${n}`);
      },
    });
    await jobs.start({ work: true });
    await jobs.send('slow-job', { n: 1 });
    await jobStarted;
    await jobs.stop(5_000);
    events.push('stopped');
    expect(events).toEqual(['start 1', 'end 1', 'stopped']);
  });

  it('lets a sending-only process enqueue for workers elsewhere', async () => {
    const sender = new JobQueue({ database, connectionString: database.url, logger });
    const worker = new JobQueue({
      database,
      connectionString: database.url,
      logger,
      pollingIntervalSeconds: 0.5,
    });
    const received: number[] = [];
    const handler = async ({ n }: { n: number }) => {
      received.push(n);
    };
    sender.define({ name: 'handoff', handler: async () => {} });
    worker.define({ name: 'handoff', handler });
    await sender.start({ work: false });
    await worker.start({ work: true });
    try {
      await sender.send('handoff', { n: 7 });
      await expect.poll(() => received, { timeout: 10_000, interval: 100 }).toEqual([7]);
    } finally {
      await sender.stop(1_000);
      await worker.stop(1_000);
    }
  });

  it('drains a backlog without waiting a polling interval between jobs', async () => {
    // Queued by another process, so nothing wakes the worker: only its own polling finds them.
    const sender = new JobQueue({ database, connectionString: database.url, logger });
    const worker = new JobQueue({
      database,
      connectionString: database.url,
      logger,
      pollingIntervalSeconds: 5,
    });
    const finished: number[] = [];
    sender.define({ name: 'backlog', handler: async () => {} });
    worker.define({
      name: 'backlog',
      handler: async () => {
        finished.push(Date.now());
      },
    });
    await sender.start({ work: false });
    for (let n = 1; n <= 4; n++) await sender.send('backlog', { n });
    await worker.start({ work: true });
    try {
      await expect.poll(() => finished.length, { timeout: 25_000, interval: 100 }).toBe(4);
      // One interval per job would put 15 s between the first and the last.
      expect(finished.at(-1)! - finished[0]!).toBeLessThan(4_000);
    } finally {
      await sender.stop(1_000);
      await worker.stop(1_000);
    }
  });

  it('hands a job without data (a cron run) an empty object, not null', async () => {
    const jobs = new JobQueue({
      database,
      connectionString: database.url,
      logger,
      pollingIntervalSeconds: 0.5,
    });
    const received: unknown[] = [];
    jobs.define<{ now?: string }>({
      name: 'cron-like',
      handler: async (data) => {
        received.push(data.now ?? 'no date');
      },
    });
    await jobs.start({ work: true });
    try {
      // What pg-boss's schedule sends when it fires: the schedule's data, null for `schedule(name, cron)`.
      await jobs.send('cron-like', null as never);
      await expect.poll(() => received, { timeout: 10_000, interval: 100 }).toEqual(['no date']);
    } finally {
      await jobs.stop(1_000);
    }
  });

  it('refuses unknown job names', async () => {
    const jobs = new JobQueue({ database, connectionString: database.url, logger });
    await expect(jobs.send('nope', {})).rejects.toThrow(/Unknown job/);
  });
});
