import { organizations, workflowExecutions } from '@atempo/db';
import { openTestDatabase } from '@atempo/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestDatabase } from '../../test/server.ts';
import type { JobDependencies } from '../context.ts';
import { notFound } from '../errors.ts';
import { JobQueue } from '../jobs.ts';
import { createLogger } from '../logger.ts';
import {
  catalogued,
  StepFailed,
  StepSkipped,
  startWorkflow,
  type WorkflowDefinition,
  type WorkflowOutcome,
  workflowJobs,
} from './index.ts';
import { findExecutionById, insertExecution, listLogs, listSteps } from './workflows.repository.ts';

const logger = createLogger({ logLevel: 'silent' });
let database: TestDatabase;
let jobs: JobQueue;
let organizationId: string;
/** How often each step ran, to see a retry resume after the last completed step. */
const runs: Record<string, number> = {};
const count = (name: string) => {
  runs[name] = (runs[name] ?? 0) + 1;
};

const ZInput = z.object({ base: z.number(), failTimes: z.number() });
type Input = z.infer<typeof ZInput>;

const arithmetic: WorkflowDefinition<Input> = {
  type: 'test_arithmetic',
  input: ZInput,
  steps: [
    {
      name: 'double',
      run: async ({ input }) => {
        count('double');
        return input.base * 2;
      },
    },
    {
      name: 'flaky_add',
      run: async ({ input, outputs, log }) => {
        count('flaky_add');
        if ((runs.flaky_add ?? 0) <= input.failTimes) throw new Error('the source did not answer');
        await log('info', 'added one', { before: outputs.double });
        return (outputs.double as number) + 1;
      },
    },
    {
      name: 'optional_extra',
      run: async () => {
        throw new StepSkipped('nothing to add');
      },
    },
  ],
  result: (outputs) => ({ total: outputs.flaky_add }),
};

/** A workflow whose subject is gone: its first step can never succeed. */
const vanished: WorkflowDefinition<Record<string, never>> = {
  type: 'test_vanished',
  input: z.object({}),
  steps: [
    {
      name: 'find_subject',
      run: async () => {
        count('find_subject');
        throw new StepFailed('The deal no longer exists');
      },
    },
    {
      name: 'use_subject',
      run: async () => {
        count('use_subject');
        return 'used';
      },
    },
  ],
};

/** A workflow whose service answers not found: as final as a StepFailed. */
const missing: WorkflowDefinition<Record<string, never>> = {
  type: 'test_missing',
  input: z.object({}),
  steps: [
    {
      name: 'read_deal',
      run: async () => {
        count('read_deal');
        throw notFound('Deal not found');
      },
    },
  ],
};

/** Where the execution stood each time a step of `staged` looked, and how each run ended. */
const stagesSeen: [string, number][] = [];
const outcomes: WorkflowOutcome[] = [];
const lookAt = async (executionId: string) => {
  const execution = await findExecutionById(database.db, executionId);
  stagesSeen.push([execution!.stage, execution!.progress]);
};

/** Named stages and percentages, a queue of its own, its own failure text and an outcome hook. */
const staged: WorkflowDefinition<null> = {
  type: 'test_staged',
  input: z.null(),
  queue: { name: 'test-staged', retryLimit: 1, expireInSeconds: 60 },
  steps: [
    {
      name: 'count',
      stage: 'counting',
      progress: 10,
      run: async ({ executionId, progress }) => {
        await lookAt(executionId);
        await progress(30);
        await lookAt(executionId);
        return 3;
      },
    },
    {
      name: 'finish_off',
      stage: 'finishing',
      progress: 60,
      run: async ({ executionId, subjectId }) => {
        await lookAt(executionId);
        if (subjectId === null) throw new StepFailed('no subject to finish');
        return { finished: subjectId };
      },
    },
  ],
  failure: ({ step, reason, retriesSpent }) =>
    `${reason} (${step}, ${retriesSpent ? 'after retries' : 'at once'})`,
  finished: async (tx, run, outcome) => {
    // Inside the transaction that ends the execution: it already reads as ended there.
    const [row] = await tx
      .select()
      .from(workflowExecutions)
      .where(eq(workflowExecutions.id, run.executionId));
    expect(row?.status).toBe(outcome.status);
    outcomes.push(outcome);
  },
};

beforeAll(async () => {
  database = await openTestDatabase();
  const [organization] = await database.db
    .insert(organizations)
    .values({ name: 'Runner Ltd', slug: `runner-${Date.now()}` })
    .returning();
  organizationId = organization!.id;
  jobs = new JobQueue({
    database,
    connectionString: database.url,
    logger,
    pollingIntervalSeconds: 0.5,
    // Retries after 1-2 s and 2-4 s, so spending them fits well inside the poll's limit.
    retryDelaySeconds: 1,
  });
  // The runner reads and writes only the database of its dependencies.
  for (const job of workflowJobs({ db: database.db, logger } as JobDependencies, [
    catalogued(arithmetic),
    catalogued(vanished),
    catalogued(missing),
    catalogued(staged),
  ])) {
    jobs.define(job);
  }
  await jobs.start({ work: true });
});
afterAll(async () => {
  await jobs?.stop(2_000);
  await database?.close();
});

const settled = (id: string) =>
  expect
    .poll(async () => (await findExecutionById(database.db, id))?.status, { timeout: 30_000, interval: 200 })
    .toMatch(/completed|failed/);

describe('workflow runner', () => {
  it('runs the steps in order, passes outputs on, resumes a retry after the completed steps, and logs each step', async () => {
    for (const key of Object.keys(runs)) delete runs[key];
    const id = await startWorkflow({ db: database.db, jobs }, arithmetic, {
      organizationId,
      userId: null,
      input: { base: 20, failTimes: 1 },
    });
    await settled(id);
    const execution = await findExecutionById(database.db, id);
    expect(execution).toMatchObject({ status: 'completed', progress: 100, result: { total: 41 } });
    const steps = await listSteps(database.db, id);
    expect(steps.map((step) => [step.name, step.status, step.output])).toEqual([
      ['double', 'completed', 40],
      ['flaky_add', 'completed', 41],
      ['optional_extra', 'skipped', null],
    ]);
    // The retry did not double again: only the failed step ran twice.
    expect(runs).toEqual({ double: 1, flaky_add: 2 });
    const messages = (await listLogs(database.db, id, 50)).map((line) => `${line.stepName}: ${line.message}`);
    expect(messages).toContain("flaky_add: Step 'flaky_add' failed: the source did not answer");
    expect(messages).toContain('flaky_add: added one');
    expect(messages.at(-1)).toBe("optional_extra: Step 'optional_extra' skipped: nothing to add");
    // The newest lines when limited, still oldest first.
    const lastTwo = await listLogs(database.db, id, 2);
    expect(lastTwo.map((line) => line.message)).toEqual(
      messages.slice(-2).map((line) => line.split(': ').slice(1).join(': ')),
    );
  }, 60_000);

  it('fails the execution with the step and reason once the retries are spent, leaving later steps pending', async () => {
    for (const key of Object.keys(runs)) delete runs[key];
    const id = await startWorkflow({ db: database.db, jobs }, arithmetic, {
      organizationId,
      userId: null,
      input: { base: 1, failTimes: 99 },
      priority: 'high',
    });
    await settled(id);
    const execution = await findExecutionById(database.db, id);
    expect(execution).toMatchObject({
      status: 'failed',
      priority: 'high',
      error: 'flaky_add: the source did not answer',
    });
    const steps = await listSteps(database.db, id);
    expect(steps.map((step) => step.status)).toEqual(['completed', 'failed', 'pending']);
  }, 60_000);

  it('fails the step and the execution at once, without retries, when a step cannot succeed', async () => {
    for (const key of Object.keys(runs)) delete runs[key];
    const id = await startWorkflow({ db: database.db, jobs }, vanished, {
      organizationId,
      userId: null,
      input: {},
    });
    await settled(id);
    expect(await findExecutionById(database.db, id)).toMatchObject({
      status: 'failed',
      error: 'find_subject: The deal no longer exists',
    });
    const steps = await listSteps(database.db, id);
    expect(steps.map((step) => [step.name, step.status, step.error])).toEqual([
      ['find_subject', 'failed', 'The deal no longer exists'],
      ['use_subject', 'pending', null],
    ]);
    // Ran once: a retry (1 s later here) would have run it again before the execution could fail.
    expect(runs).toEqual({ find_subject: 1 });
    const messages = (await listLogs(database.db, id, 50)).map((line) => line.message);
    expect(messages.at(-1)).toBe("Step 'find_subject' failed: The deal no longer exists");
  }, 30_000);

  it("fails at once when a step's service answers not found", async () => {
    for (const key of Object.keys(runs)) delete runs[key];
    const id = await startWorkflow({ db: database.db, jobs }, missing, {
      organizationId,
      userId: null,
      input: {},
    });
    await settled(id);
    expect(await findExecutionById(database.db, id)).toMatchObject({
      status: 'failed',
      error: 'read_deal: Deal not found',
    });
    expect(runs).toEqual({ read_deal: 1 });
  }, 30_000);

  it('fails at once an execution whose stored input no longer validates', async () => {
    const id = await startWorkflow({ db: database.db, jobs }, arithmetic, {
      organizationId,
      userId: null,
      input: { base: 'twenty' } as unknown as Input,
    });
    await settled(id);
    expect(await findExecutionById(database.db, id)).toMatchObject({
      status: 'failed',
      error: 'The workflow input is invalid',
    });
  }, 30_000);

  it('reports the stages and percentages a workflow names, on its own queue, and hands the outcome to its hook', async () => {
    stagesSeen.length = 0;
    outcomes.length = 0;
    const subjectId = crypto.randomUUID();
    const id = await startWorkflow({ db: database.db, jobs }, staged, {
      organizationId,
      userId: null,
      input: null,
      subjectId,
    });
    await settled(id);
    expect(stagesSeen).toEqual([
      ['counting', 10],
      ['counting', 30],
      ['finishing', 60],
    ]);
    expect(await findExecutionById(database.db, id)).toMatchObject({
      status: 'completed',
      stage: 'completed',
      progress: 100,
      result: { finished: subjectId },
    });
    expect(outcomes).toEqual([{ status: 'completed', result: { finished: subjectId } }]);
    // One job per execution, named by its id, on the workflow's own queue.
    const { rows } = await database.executeSql('select name, state from pgboss.job where id = $1', [id]);
    expect(rows).toEqual([{ name: 'test-staged', state: 'completed' }]);
  }, 30_000);

  it('words a failure as the workflow says and runs executions queued before it had steps', async () => {
    outcomes.length = 0;
    // As document processing and knowledge indexing queued them before decision 039: no steps,
    // no input, and job data that need not name the execution.
    const id = crypto.randomUUID();
    await insertExecution(database.db, { id, organizationId, workflowType: staged.type });
    await jobs.send('test-staged', {}, { id });
    await settled(id);
    expect(await findExecutionById(database.db, id)).toMatchObject({
      status: 'failed',
      error: 'no subject to finish (finish_off, at once)',
    });
    expect((await listSteps(database.db, id)).map((step) => [step.name, step.status])).toEqual([
      ['count', 'completed'],
      ['finish_off', 'failed'],
    ]);
    expect(outcomes).toEqual([{ status: 'failed', error: 'no subject to finish (finish_off, at once)' }]);
  }, 30_000);
});
