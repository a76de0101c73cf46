import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TDocument, TWorkflowStatus } from '@atempo/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  largeBoardPack,
  registerOverHttp,
  request,
  type ServerProcess,
  startServerProcess,
  uploadOverHttp,
} from '../../test/server-process.ts';

/**
 * The whole embedded server (main.ts on PGlite, one process) is killed with SIGKILL while it
 * analyses a long PDF, then started again on the same DATA_DIR: the interrupted analysis resumes
 * at once (nothing else can hold the embedded database, so every running job is an orphan), not
 * after pg-boss's five-minute expiry.
 */
const RESUME_BOUND_MS = 60_000;

const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const server of processes) await server.kill();
});

async function poll<T>(what: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the embedded server killed mid-analysis', () => {
  it('resumes the analysis within a minute of its restart and completes it', async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-sigkill-')) };
    const first = await startServerProcess(env);
    processes.push(first);
    const token = await registerOverHttp(first.url);
    const uploaded = await uploadOverHttp(first.url, token, await largeBoardPack(400));
    const statusOf = (server: ServerProcess) => async () =>
      (
        await request<TWorkflowStatus>(
          `${server.url}/agents/workflows/${uploaded.execution_id}/status`,
          'GET',
          { token },
        )
      ).body;

    // Killed once the analysis is under way (a step running), before it can finish.
    const running = await poll(statusOf(first), (status) => status.status === 'running', 30_000);
    await first.kill();
    expect(running.status).toBe('running');
    const interrupted = running.steps.find((step) => step.status === 'running');

    const restartedAt = Date.now();
    const second = await startServerProcess(env);
    processes.push(second);
    const readyMs = Date.now() - restartedAt;
    // Resumed: the interrupted step runs again (a later start time), or the work has moved past it.
    const resumed = await poll(
      statusOf(second),
      (status) =>
        status.status === 'completed' ||
        status.steps.some(
          (step) =>
            step.name === interrupted?.name &&
            step.status !== 'pending' &&
            step.started_at !== interrupted?.started_at,
        ) ||
        status.steps.findIndex((step) => step.status === 'running') >
          running.steps.findIndex((step) => step.status === 'running'),
      RESUME_BOUND_MS,
    );
    const resumedMs = Date.now() - restartedAt;
    expect(resumed.status).not.toBe('failed');
    const completed = await poll(
      statusOf(second),
      (status) => status.status !== 'running' && status.status !== 'pending',
      180_000,
    );
    const completedMs = Date.now() - restartedAt;
    console.log(
      JSON.stringify({
        restart_ready_ms: readyMs,
        restart_to_resumed_ms: resumedMs,
        restart_to_completed_ms: completedMs,
      }),
    );
    expect(completed.status).toBe('completed');
    expect(resumedMs).toBeLessThan(RESUME_BOUND_MS);
    const document = await request<TDocument>(`${second.url}/documents/${uploaded.document_id}`, 'GET', {
      token,
    });
    expect(document.body.status).toBe('completed');
    expect(document.body.analysis?.key_metrics.arr?.value).toBe(3_100_000);
  }, 300_000);
});
