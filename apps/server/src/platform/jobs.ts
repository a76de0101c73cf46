import type { DatabaseHandle } from '@atempo/db';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { type OrphanedJob, takeAllRunningJobs, takeOrphanedJobs, WorkerLease } from './job-leases.ts';

export interface JobContext {
  jobId: string;
  logger: Logger;
  /** True on the last attempt pg-boss will make: a handler records a final failure then. */
  finalAttempt: boolean;
}

export interface JobDefinition<TData extends object = object> {
  name: string;
  handler: (data: TData, context: JobContext) => Promise<void>;
  /** Attempts after the first failure (with exponential backoff); a job still failing stays 'failed' with its reason. */
  retryLimit?: number;
  /** A running job taking longer than this is failed (and retried). */
  expireInSeconds?: number;
  /** Also run on this cron schedule (UTC), e.g. '15 3 * * *'. */
  cron?: string;
  /**
   * Called once when the job has failed for good without its handler recording it (every attempt
   * killed or expired, or the last one threw): pg-boss sends it to this queue's dead-letter queue.
   * `reason` is pg-boss's last error message.
   */
  exhausted?: (data: TData, reason: string) => Promise<void>;
}

/** The dead-letter queue of a queue whose jobs say what to do when they are exhausted. */
export const exhaustedQueueName = (name: string) => `${name}-exhausted`;

/** Default lease of a worker process (JOB_WORKER_LEASE_SECONDS); renewed and checked every third of it. */
export const DEFAULT_LEASE_SECONDS = 30;

export interface JobQueueOptions {
  database: DatabaseHandle;
  /** On PostgreSQL pg-boss gets its own small pool; on PGlite it shares the one connection. */
  connectionString?: string;
  logger: Logger;
  /** How often idle workers look for new jobs (jobs sent from this process wake them at once). */
  pollingIntervalSeconds?: number;
  /**
   * How soon a running job is taken for dead (its worker killed) and how often pg-boss checks.
   * Unset: each job's own expiry and pg-boss's two-minute maintenance. Tests shorten both to see a
   * killed worker's job retried within seconds.
   */
  deadWorkerCheck?: { expireInSeconds: number; maintenanceIntervalSeconds: number };
  /**
   * First retry delay, doubled (with jitter) for each further retry. Unset: 5 s. Tests that watch a
   * job spend its retries shorten it, since 5 s doubling would take up to 30 s for two retries.
   */
  retryDelaySeconds?: number;
  /**
   * How long a worker process's lease lasts without renewal (renewed every third of it): a worker
   * dead for longer has its jobs retried by any live process. Unset: 30 s.
   */
  leaseSeconds?: number;
}

/**
 * pg-boss on the application's database: queues are declared up front, any process can send, and
 * only worker processes run handlers.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #logger: Logger;
  readonly #definitions = new Map<string, JobDefinition>();
  readonly #workerIds = new Map<string, string>();
  readonly #pollingIntervalSeconds: number;
  readonly #database: DatabaseHandle;
  readonly #deadWorkerCheck: JobQueueOptions['deadWorkerCheck'];
  readonly #retryDelaySeconds: number;
  readonly #leaseSeconds: number;
  #lease: WorkerLease | null = null;
  #leaseTimer: NodeJS.Timeout | null = null;
  #started = false;
  #stopping = false;
  /** Queries pg-boss has running on the shared connection, awaited before the database may close. */
  readonly #inFlight = new Set<Promise<unknown>>();

  constructor(options: JobQueueOptions) {
    this.#logger = options.logger.child({ component: 'jobs' });
    this.#database = options.database;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.#deadWorkerCheck = options.deadWorkerCheck;
    this.#retryDelaySeconds = options.retryDelaySeconds ?? 5;
    this.#leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
    const maintenance = this.#deadWorkerCheck
      ? { maintenanceIntervalSeconds: this.#deadWorkerCheck.maintenanceIntervalSeconds }
      : {};
    this.#boss = new PgBoss(
      options.connectionString
        ? { connectionString: options.connectionString, max: 3, ...maintenance }
        : {
            db: { executeSql: (text, values) => this.#sharedSql(options.database, text, values) },
            ...maintenance,
          },
    );
    this.#boss.on('error', (error) => {
      if (!this.#stopping) this.#logger.error({ err: error }, 'Job queue error');
    });
  }

  #sharedSql(database: DatabaseHandle, text: string, values: unknown[] | undefined) {
    if (this.#stopping && !this.#started) return Promise.reject(new Error('The job queue has stopped'));
    const query = database.executeSql(text, values);
    this.#inFlight.add(query);
    const forget = () => this.#inFlight.delete(query);
    query.then(forget, forget);
    return query;
  }

  define<TData extends object>(definition: JobDefinition<TData>): void {
    if (this.#started) throw new Error(`Job '${definition.name}' must be defined before the queue starts`);
    this.#definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  /** Installs or upgrades pg-boss's schema, creates missing queues, and starts workers if asked. */
  async start(options: { work: boolean }): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    // Processes starting together (API and worker) would otherwise race to create the same queues.
    await this.#database.withSessionLock('atempo:job-queues', async () => {
      for (const definition of this.#definitions.values()) await this.#ensureQueue(definition);
    });
    for (const definition of this.#definitions.values()) {
      if (definition.cron) await this.#boss.schedule(definition.name, definition.cron);
    }
    if (this.#database.kind === 'pglite') {
      // The embedded database admits one process: whatever pg-boss still runs is the previous one's.
      await this.#giveBack(await takeAllRunningJobs(this.#database), 'The server stopped while this job ran');
    }
    if (options.work) {
      this.#lease = new WorkerLease(this.#database, this.#leaseSeconds);
      await this.#lease.renew();
    }
    // Every process, worker or not, looks for jobs of dead workers: now, then every third of a lease.
    await this.#recoverOrphans();
    this.#leaseTimer = setInterval(() => void this.#tick(), (this.#leaseSeconds * 1000) / 3);
    this.#leaseTimer.unref();
    if (!options.work) return;
    for (const definition of this.#definitions.values()) {
      const workerId = await this.#boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: this.#pollingIntervalSeconds, includeMetadata: true },
        async (jobs) => {
          // pg-boss waits a polling interval after every fetch it was not woken during, even one
          // that found a job, so a backlog would drain at one job per interval (2 s): look again
          // at once after a job; only an empty fetch waits.
          const workerId = this.#workerIds.get(definition.name);
          if (workerId) this.#boss.notifyWorker(workerId);
          for (const job of jobs) await this.#run(definition, job);
        },
      );
      this.#workerIds.set(definition.name, workerId);
      if (definition.exhausted) {
        const exhausted = definition.exhausted;
        await this.#boss.work<object>(
          exhaustedQueueName(definition.name),
          { pollingIntervalSeconds: this.#pollingIntervalSeconds, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) await exhausted(job.data ?? {}, lastError(job.output));
          },
        );
      }
    }
  }

  async #run(definition: JobDefinition, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const logger = this.#logger.child({ job: definition.name, job_id: job.id });
    logger.debug('Job started');
    const finalAttempt = job.retryCount >= job.retryLimit;
    await this.#lease?.hold(job.id, definition.name);
    try {
      // A cron run carries no data: pg-boss sends its schedule's data, null when none was given.
      await definition.handler(job.data ?? {}, { jobId: job.id, logger, finalAttempt });
    } catch (error) {
      logger.warn({ err: error }, 'Job failed');
      throw error;
    } finally {
      await this.#lease?.release(job.id).catch(() => {});
    }
    logger.debug('Job completed');
  }

  async #tick(): Promise<void> {
    if (this.#stopping) return;
    try {
      await this.#lease?.renew();
      await this.#recoverOrphans();
    } catch (error) {
      if (!this.#stopping) this.#logger.warn({ err: error }, 'Worker lease renewal or recovery failed');
    }
  }

  async #recoverOrphans(): Promise<void> {
    await this.#giveBack(await takeOrphanedJobs(this.#database), 'The worker running this job stopped');
  }

  /** Fails each job through pg-boss, which retries it (after its retry delay) or, retries spent, dead-letters it. */
  async #giveBack(orphans: OrphanedJob[], message: string): Promise<void> {
    for (const orphan of orphans) {
      // Only a job still running: one pg-boss already expired (waiting for its retry, or retried
      // and finished elsewhere) must not spend another retry.
      const job = await this.#boss.getJobById(orphan.queue, orphan.jobId);
      if (job?.state !== 'active') continue;
      await this.#boss.fail(orphan.queue, orphan.jobId, { message });
      this.#logger.warn({ job: orphan.queue, job_id: orphan.jobId }, `${message}: given back for retry`);
    }
    const notify = new Set(orphans.map((orphan) => this.#workerIds.get(orphan.queue)));
    for (const workerId of notify) if (workerId) this.#boss.notifyWorker(workerId);
  }

  async #ensureQueue(definition: JobDefinition): Promise<void> {
    const deadLetter = definition.exhausted ? exhaustedQueueName(definition.name) : undefined;
    if (deadLetter && !(await this.#boss.getQueue(deadLetter))) {
      await this.#boss.createQueue(deadLetter, { name: deadLetter, retryLimit: 3, retryDelay: 5 });
    }
    const existing = await this.#boss.getQueue(definition.name);
    if (existing) {
      // Queues made before their jobs had a dead-letter queue gain one; their other settings stay.
      if (deadLetter && existing.deadLetter !== deadLetter) {
        await this.#boss.updateQueue(definition.name, { ...existing, deadLetter });
      }
      return;
    }
    await this.#boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: this.#retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.#deadWorkerCheck?.expireInSeconds ?? definition.expireInSeconds ?? 300,
      ...(deadLetter ? { deadLetter } : {}),
    });
  }

  /**
   * Queues a job; `options.id` names it up front (so a record about it can exist before it runs);
   * a higher `priority` is fetched first.
   */
  async send(
    name: string,
    data: object,
    options: { id?: string; priority?: number } = {},
  ): Promise<string | null> {
    if (!this.#definitions.has(name)) throw new Error(`Unknown job '${name}'`);
    const id = await this.#boss.send(name, data, options);
    const workerId = this.#workerIds.get(name);
    if (workerId) this.#boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Answers when the queue is running and pg-boss reads its own tables (one small query on its
   * connection); throws otherwise. For health checks, which wrap it in a timeout.
   */
  async ping(): Promise<void> {
    if (!this.#started || this.#stopping) throw new Error('The job queue is not running');
    await this.#boss.getQueues();
  }

  /** Stops fetching, lets running jobs finish within the timeout, then fails what is left for retry. */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.#started || this.#stopping) return;
    this.#stopping = true;
    if (this.#leaseTimer) clearInterval(this.#leaseTimer);
    await this.#boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    // pg-boss gave back what did not finish in time; nothing is held here any more.
    await this.#lease?.end().catch(() => {});
    this.#started = false;
    // A worker may be half-way through a poll; the caller closes the database next.
    await Promise.allSettled([...this.#inFlight]);
  }
}

/** pg-boss's error message of a failed job: `{ message }` from fail(), `{ value: { message } }` from its expiry. */
function lastError(output: unknown): string {
  const value = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = value?.message ?? value?.value?.message;
  return typeof message === 'string' && message ? message : 'The job failed on every attempt';
}
