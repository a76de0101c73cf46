/**
 * Time from a real SIGKILL to resumed document analysis (issue 19 §3), with the shipped settings.
 *
 *   npx tsx bench/restart-recovery.ts                        # both scenarios, BENCH_PAGES=400
 *   BENCH_SCENARIOS=embedded npx tsx bench/restart-recovery.ts
 *
 * embedded: the whole server (main.ts, PGlite in a temporary DATA_DIR) is killed while it analyses a
 *   long PDF, then started again on the same DATA_DIR: restart → ready, → analysis resumed, → completed.
 * workers: PostgreSQL (a bench database), one ROLE=api and two ROLE=worker processes; the worker
 *   holding the job is killed: kill → job taken over by the other worker, → completed.
 * Env: BENCH_PAGES (400), BENCH_SCENARIOS (embedded,workers), JOB_WORKER_LEASE_SECONDS (unset: 30).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TWorkflowStatus } from '@atempo/contracts';
import {
  largeBoardPack,
  registerOverHttp,
  request,
  type ServerProcess,
  startServerProcess,
  uploadOverHttp,
} from '../apps/server/src/test/server-process.ts';
import { createBenchDatabase, envInt } from './common.ts';

const pages = envInt('BENCH_PAGES', 400);
const scenarios = (process.env.BENCH_SCENARIOS ?? 'embedded,workers').split(',');
const lease = process.env.JOB_WORKER_LEASE_SECONDS
  ? { JOB_WORKER_LEASE_SECONDS: process.env.JOB_WORKER_LEASE_SECONDS }
  : {};
const pdf = await largeBoardPack(pages);
const started: ServerProcess[] = [];
const summary: Record<string, unknown> = {
  pages,
  pdf_bytes: pdf.length,
  lease_seconds: Number(lease.JOB_WORKER_LEASE_SECONDS ?? 30),
};

async function until<T>(what: () => Promise<T | undefined>, timeoutMs = 600_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statusOf = async (url: string, token: string, id: string) =>
  (await request<TWorkflowStatus>(`${url}/agents/workflows/${id}/status`, 'GET', { token })).body;

async function embedded(): Promise<void> {
  const env = { ...lease, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-bench-restart-')) };
  const first = await startServerProcess(env);
  started.push(first);
  const token = await registerOverHttp(first.url);
  const uploaded = await uploadOverHttp(first.url, token, pdf);
  const running = await until(async () => {
    const status = await statusOf(first.url, token, uploaded.execution_id);
    return status.status === 'running' ? status : undefined;
  });
  const stoppedAt = running.steps.find((step) => step.status === 'running');
  await first.kill();
  const t0 = Date.now();
  const second = await startServerProcess(env);
  started.push(second);
  const ready = Date.now() - t0;
  await until(async () => {
    const status = await statusOf(second.url, token, uploaded.execution_id);
    const step = status.steps.find((candidate) => candidate.name === stoppedAt?.name);
    const moved =
      status.status === 'completed' ||
      (step && step.status !== 'pending' && step.started_at !== stoppedAt?.started_at);
    return moved ? status : undefined;
  });
  const resumed = Date.now() - t0;
  const finished = await until(async () => {
    const status = await statusOf(second.url, token, uploaded.execution_id);
    return status.status === 'completed' || status.status === 'failed' ? status : undefined;
  });
  summary.embedded = {
    killed_at_step: stoppedAt?.name ?? null,
    restart_to_ready_ms: ready,
    restart_to_resumed_ms: resumed,
    restart_to_finished_ms: Date.now() - t0,
    status: finished.status,
  };
  await second.kill();
}

async function workers(): Promise<void> {
  const database = await createBenchDatabase();
  try {
    const env = {
      ...lease,
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-bench-workers-')),
    };
    const api = await startServerProcess({ ...env, ROLE: 'api' });
    started.push(api);
    const pool = await Promise.all([1, 2].map(() => startServerProcess({ ...env, ROLE: 'worker' })));
    started.push(...pool);
    const token = await registerOverHttp(api.url);
    const uploaded = await uploadOverHttp(api.url, token, pdf);
    const holder = async () => {
      const { rows } = await database.handle.executeSql(
        'select h.worker_id, l.pid from job_holds h join job_worker_leases l using (worker_id) where h.job_id = $1',
        [uploaded.execution_id],
      );
      return rows[0] as { worker_id: string; pid: number } | undefined;
    };
    const first = await until(holder);
    const victim = pool.find((worker) => worker.child.pid === Number(first.pid));
    if (!victim) throw new Error('the job is held by no worker of this bench');
    await victim.kill();
    const t0 = Date.now();
    await until(async () => {
      const now = await holder();
      return now && now.worker_id !== first.worker_id ? now : undefined;
    });
    const takenOver = Date.now() - t0;
    const finished = await until(async () => {
      const status = await statusOf(api.url, token, uploaded.execution_id);
      return status.status === 'completed' || status.status === 'failed' ? status : undefined;
    });
    summary.workers = {
      kill_to_taken_over_ms: takenOver,
      kill_to_finished_ms: Date.now() - t0,
      status: finished.status,
    };
  } finally {
    for (const server of started) await server.kill();
    await database.drop();
  }
}

try {
  if (scenarios.includes('embedded')) await embedded();
  if (scenarios.includes('workers')) await workers();
} finally {
  for (const server of started) await server.kill();
}
console.log(JSON.stringify(summary, null, 2));
const line: string[] = [];
const e = summary.embedded as Record<string, number> | undefined;
const w = summary.workers as Record<string, number> | undefined;
if (e)
  line.push(
    `embedded: resumed ${(e.restart_to_resumed_ms / 1000).toFixed(1)} s after the restart (ready at ${(e.restart_to_ready_ms / 1000).toFixed(1)} s), finished at ${(e.restart_to_finished_ms / 1000).toFixed(1)} s`,
  );
if (w)
  line.push(
    `two workers: taken over ${(w.kill_to_taken_over_ms / 1000).toFixed(1)} s after the kill, finished at ${(w.kill_to_finished_ms / 1000).toFixed(1)} s`,
  );
console.log(line.join('; '));
