import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DatabaseHandle } from '@atempo/db';

/**
 * A worker process's lease (job_worker_leases) and the jobs it holds (job_holds). pg-boss 10 has no
 * heartbeat: a job whose worker was SIGKILLed stays 'active' until its expiry (minutes, since a
 * large PDF legitimately takes that long). The lease tells a dead worker from a slow one: a live
 * process renews it every few seconds, so a lease past its end means the process is gone, and the
 * jobs it held can be given back to pg-boss at once.
 */
export class WorkerLease {
  readonly workerId = randomUUID();
  readonly #database: DatabaseHandle;
  readonly #leaseSeconds: number;

  constructor(database: DatabaseHandle, leaseSeconds: number) {
    this.#database = database;
    this.#leaseSeconds = leaseSeconds;
  }

  /** Takes the lease, or extends it; a lease removed as expired (the process was frozen) is taken again. */
  async renew(): Promise<void> {
    await this.#database.executeSql(
      `insert into job_worker_leases (worker_id, host, pid, expires_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))
       on conflict (worker_id) do update set renewed_at = now(), expires_at = excluded.expires_at`,
      [this.workerId, hostname(), process.pid, this.#leaseSeconds],
    );
  }

  /** Marks a job as running here; a job retried after its previous worker died changes hands. */
  async hold(jobId: string, queue: string): Promise<void> {
    await this.#database.executeSql(
      `insert into job_holds (job_id, queue, worker_id) values ($1, $2, $3)
       on conflict (job_id) do update set queue = excluded.queue, worker_id = excluded.worker_id, started_at = now()`,
      [jobId, queue, this.workerId],
    );
  }

  async release(jobId: string): Promise<void> {
    await this.#database.executeSql('delete from job_holds where job_id = $1 and worker_id = $2', [
      jobId,
      this.workerId,
    ]);
  }

  /** On a graceful stop: pg-boss has given back what was still running; nothing is held here any more. */
  async end(): Promise<void> {
    await this.#database.executeSql('delete from job_holds where worker_id = $1', [this.workerId]);
    await this.#database.executeSql('delete from job_worker_leases where worker_id = $1', [this.workerId]);
  }
}

export interface OrphanedJob {
  jobId: string;
  queue: string;
}

/**
 * Removes and answers the holds of workers whose lease has ended (or vanished). Each hold is
 * deleted by exactly one caller, so two processes sweeping together never fail the same job twice
 * (which would spend two of its retries).
 */
export async function takeOrphanedJobs(database: DatabaseHandle): Promise<OrphanedJob[]> {
  const { rows } = await database.executeSql(
    `delete from job_holds h
     where not exists (
       select 1 from job_worker_leases l where l.worker_id = h.worker_id and l.expires_at > now()
     )
     returning job_id, queue`,
  );
  await database.executeSql('delete from job_worker_leases where expires_at < now()');
  return rows.map((row) => ({ jobId: String(row.job_id), queue: String(row.queue) }));
}

/**
 * On the embedded database only one process can exist, so at its start every job pg-boss still
 * holds as running was left by the previous, killed process: all of them are orphans.
 */
export async function takeAllRunningJobs(database: DatabaseHandle): Promise<OrphanedJob[]> {
  await database.executeSql('delete from job_holds');
  await database.executeSql('delete from job_worker_leases');
  const { rows } = await database.executeSql("select id, name from pgboss.job where state = 'active'");
  return rows.map((row) => ({ jobId: String(row.id), queue: String(row.name) }));
}
