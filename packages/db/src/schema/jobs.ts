import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per running worker process (owner: platform/jobs). A worker renews its lease every few
 * seconds; a lease past `expires_at` means the process died (SIGKILL, OOM, lost host), so the jobs
 * it holds are given back to pg-boss at once instead of waiting for their expiry.
 */
export const jobWorkerLeases = pgTable('job_worker_leases', {
  workerId: uuid('worker_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The pg-boss jobs a worker is running now: one row per job, replaced when another worker takes it. */
export const jobHolds = pgTable(
  'job_holds',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_holds_worker_idx').on(table.workerId)],
);
