import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import type { JobDependencies } from '../context.ts';
import { AppError } from '../errors.ts';
import type { JobDefinition } from '../jobs.ts';
import {
  type CataloguedWorkflow,
  StepFailed,
  StepSkipped,
  type WorkflowDefinition,
  type WorkflowOutcome,
  type WorkflowRun,
} from './workflow-definition.ts';
import { RUN_WORKFLOW } from './workflow-start.ts';
import * as workflows from './workflows.repository.ts';

/**
 * The one runner of anything a client polls (decision 035, 039), on the job queue. An execution's
 * steps are rows of their own, so a client sees each step's state and a retried job resumes after
 * the last completed step instead of redoing it. Every step logs what it did.
 */

/** Final failures: a StepFailed, or a service's 404 (what the step works on is gone: no retry brings it back). */
const cannotSucceed = (error: unknown) =>
  error instanceof StepFailed || (error instanceof AppError && error.statusCode === 404);

/**
 * The jobs that run the catalogue: the shared `run-workflow` queue and each queue a workflow names
 * for itself. Any of them runs whichever execution it is handed, by the execution's type.
 */
export function workflowJobs(
  deps: JobDependencies,
  catalogue: readonly CataloguedWorkflow[],
): JobDefinition<{ executionId?: string }>[] {
  const own = new Map(
    catalogue.flatMap((definition) => (definition.queue ? [[definition.queue.name, definition.queue]] : [])),
  );
  return [
    workflowJob(deps, catalogue),
    ...[...own.values()].map((queue) => ({ ...workflowJob(deps, catalogue), ...queue })),
  ];
}

/** The job of the shared queue, which runs any catalogued workflow, step by step. */
export function workflowJob(
  deps: JobDependencies,
  catalogue: readonly CataloguedWorkflow[],
): JobDefinition<{ executionId?: string }> {
  const byType = new Map(catalogue.map((definition) => [definition.type, definition]));
  return {
    name: RUN_WORKFLOW,
    // Attempts after the first failure; a step still failing then fails the execution (a
    // StepFailed fails it at once).
    retryLimit: 2,
    expireInSeconds: 15 * 60,
    // Jobs are named by their execution's id; the data says it too, and jobs queued before that
    // (a knowledge re-index's carried only the organisation) are found by their id.
    handler: async (data, job) => {
      const executionId = data.executionId ?? job.jobId;
      const execution = await workflows.findExecutionById(deps.db, executionId);
      if (!execution || execution.status === 'completed' || execution.status === 'failed') return;
      const definition = byType.get(execution.workflowType);
      if (!definition) {
        await workflows.finishExecution(deps.db, executionId, {
          status: 'failed',
          error: `This server has no workflow '${execution.workflowType}'`,
        });
        return;
      }
      const parsed = definition.input.safeParse(execution.input);
      if (!parsed.success) {
        await workflows.finishExecution(deps.db, executionId, {
          status: 'failed',
          error: 'The workflow input is invalid',
        });
        return;
      }
      await runSteps(deps, definition, execution, parsed.data, job);
    },
    // Every attempt was killed or expired (or the last threw outside a step): the execution and its
    // subject would otherwise stay 'running' for ever.
    exhausted: async (data, reason) => {
      if (data.executionId) await abandonExecution(deps, byType, data.executionId, reason, logger(deps));
    },
  };
}

const logger = (deps: JobDependencies) => deps.logger.child({ component: 'workflows' });

/** Fails an execution whose job pg-boss gave up on, at the step it was on, with its subject. */
async function abandonExecution(
  deps: JobDependencies,
  byType: ReadonlyMap<string, WorkflowDefinition>,
  executionId: string,
  reason: string,
  log: Logger,
): Promise<void> {
  const execution = await workflows.findExecutionById(deps.db, executionId);
  if (!execution || execution.status === 'completed' || execution.status === 'failed') return;
  const definition = byType.get(execution.workflowType);
  const steps = await workflows.listSteps(deps.db, executionId);
  const stopped = steps.find((step) => step.status !== 'completed' && step.status !== 'skipped');
  const stepName = stopped?.name ?? 'run';
  if (stopped) {
    await workflows.updateStep(deps.db, stopped.id, {
      status: 'failed',
      error: reason,
      finishedAt: new Date(),
    });
  }
  log.warn(
    { execution_id: executionId, step: stepName, reason },
    'Workflow failed: its job spent every attempt',
  );
  const error =
    definition?.failure?.({ step: stepName, reason, retriesSpent: true, interrupted: true }) ??
    `${stepName}: ${reason}`;
  if (!definition) {
    await workflows.finishExecution(deps.db, executionId, { status: 'failed', error });
    return;
  }
  const outputs: Record<string, unknown> = {};
  for (const step of steps) if (step.status === 'completed') outputs[step.name] = step.output;
  const input = definition.input.safeParse(execution.input);
  const run = workflowRun(
    deps,
    execution,
    input.success ? input.data : execution.input,
    log,
    outputs,
    () => stepName,
  );
  await finish(deps.db, definition, run, { status: 'failed', error });
}

/** What a step (and a definition's `finished`) sees of its execution. */
function workflowRun(
  deps: JobDependencies,
  execution: workflows.WorkflowExecutionRow,
  input: unknown,
  logger: Logger,
  outputs: Record<string, unknown>,
  current: () => string | null,
  stage: () => string = () => '',
): WorkflowRun<unknown> {
  const { db } = deps;
  return {
    executionId: execution.id,
    organizationId: execution.organizationId,
    userId: execution.createdBy,
    subjectId: execution.subjectId,
    input,
    deps,
    logger,
    outputs,
    log: (level, message, data) =>
      workflows.appendLog(db, { executionId: execution.id, stepName: current(), level, message, data }),
    publish: (result) => workflows.setResult(db, execution.id, result),
    progress: (percent) => workflows.setStage(db, execution.id, stage(), Math.round(percent)),
  };
}

async function runSteps(
  deps: JobDependencies,
  definition: WorkflowDefinition,
  execution: workflows.WorkflowExecutionRow,
  input: unknown,
  job: { logger: Logger; finalAttempt: boolean },
): Promise<void> {
  const { db } = deps;
  let steps = await workflows.listSteps(db, execution.id);
  if (steps.length === 0 && definition.steps.length > 0) {
    // Executions recorded before their workflow ran on this runner (document processing and
    // knowledge indexing queued before decision 039) get their steps on their first run here.
    await workflows.insertSteps(
      db,
      execution.id,
      definition.steps.map((step) => step.name),
    );
    steps = await workflows.listSteps(db, execution.id);
  }
  const outputs: Record<string, unknown> = {};
  for (const step of steps) if (step.status === 'completed') outputs[step.name] = step.output;
  let current = { step: null as string | null, stage: '' };
  const run = workflowRun(
    deps,
    execution,
    input,
    job.logger,
    outputs,
    () => current.step,
    () => current.stage,
  );
  for (const [index, step] of steps.entries()) {
    if (step.status === 'completed' || step.status === 'skipped') continue;
    const stepDefinition = definition.steps.find((candidate) => candidate.name === step.name);
    current = { step: step.name, stage: stepDefinition?.stage ?? step.name };
    await run.progress(stepDefinition?.progress ?? (index / steps.length) * 100);
    await workflows.updateStep(db, step.id, { status: 'running', startedAt: new Date(), error: null });
    await run.log('info', `Step '${step.name}' started`);
    try {
      if (!stepDefinition) throw new Error(`Step '${step.name}' is no longer part of this workflow`);
      const output = (await stepDefinition.run(run)) ?? null;
      outputs[step.name] = output;
      await workflows.updateStep(db, step.id, { status: 'completed', output, finishedAt: new Date() });
      await run.log('info', `Step '${step.name}' completed`);
    } catch (error) {
      if (error instanceof StepSkipped) {
        await workflows.updateStep(db, step.id, {
          status: 'skipped',
          error: error.message,
          finishedAt: new Date(),
        });
        await run.log('info', `Step '${step.name}' skipped: ${error.message}`);
        continue;
      }
      const reason = error instanceof Error ? error.message : String(error);
      await run.log('error', `Step '${step.name}' failed: ${reason}`);
      const final = cannotSucceed(error);
      if (!job.finalAttempt && !final) {
        // The retry resumes here: completed steps keep their outputs.
        await workflows.updateStep(db, step.id, { status: 'pending', error: reason });
        throw error;
      }
      await workflows.updateStep(db, step.id, { status: 'failed', error: reason, finishedAt: new Date() });
      const failure = { step: step.name, reason, retriesSpent: !final };
      await finish(db, definition, run, {
        status: 'failed',
        error: definition.failure?.(failure) ?? `${step.name}: ${reason}`,
      });
      return;
    }
  }
  const lastStep = steps.at(-1)?.name;
  const result = definition.result ? definition.result(outputs) : lastStep ? outputs[lastStep] : null;
  await finish(db, definition, run, { status: 'completed', result: result ?? null });
}

/** Ends the execution and, in the same transaction and only if this ended it, its subject. */
async function finish(
  db: Database,
  definition: WorkflowDefinition,
  run: WorkflowRun<unknown>,
  outcome: WorkflowOutcome,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcome.status === 'completed') await workflows.setResult(tx, run.executionId, outcome.result);
    const ended = await workflows.finishExecution(
      tx,
      run.executionId,
      outcome.status === 'completed' ? outcome : { status: 'failed', error: outcome.error },
    );
    if (ended) await definition.finished?.(tx, run, outcome);
  });
}
