import type { TWorkflowPriority } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { JobDependencies } from '../context.ts';
import { AppError } from '../errors.ts';
import type { JobDefinition, JobQueue } from '../jobs.ts';
import * as workflows from './workflows.repository.ts';

/**
 * Multi-step workflows (IC preparation, new deal, research, n8n automations) on the job queue. An
 * execution's steps are rows of their own, so a client sees each step's state and a retried job
 * resumes after the last completed step instead of redoing it. Every step logs what it did.
 */

export const RUN_WORKFLOW = 'run-workflow';

/** What a step sees while it runs. */
export interface WorkflowRun<TInput> {
  executionId: string;
  organizationId: string;
  /** Who started it (null when that user has since been removed). */
  userId: string | null;
  input: TInput;
  deps: JobDependencies;
  logger: Logger;
  /** The outputs of the steps already completed, by step name. */
  outputs: Record<string, unknown>;
  log(level: 'info' | 'warn' | 'error', message: string, data?: unknown): Promise<void>;
  /** Makes a partial result visible to pollers now (deep research streams its findings this way). */
  publish(result: unknown): Promise<void>;
}

export interface WorkflowStepDefinition<TInput> {
  name: string;
  /** Returns the step's output (JSON), kept on the step and passed to later steps. */
  run(run: WorkflowRun<TInput>): Promise<unknown>;
}

export interface WorkflowDefinition<TInput = unknown> {
  type: string;
  /** Validates the stored input again when the job runs. */
  input: z.ZodType<TInput>;
  steps: readonly WorkflowStepDefinition<TInput>[];
  /** The execution's result from all step outputs; by default the last step's output. */
  result?(outputs: Record<string, unknown>): unknown;
}

/**
 * A workflow as the catalogue holds it: its input type erased, since the runner validates the
 * stored input with the definition's own schema before any step sees it.
 */
export type CataloguedWorkflow = WorkflowDefinition<unknown>;
export const catalogued = <TInput>(definition: WorkflowDefinition<TInput>): CataloguedWorkflow =>
  definition as unknown as CataloguedWorkflow;

/** Thrown by a step that has nothing to do; the step is marked skipped and the workflow goes on. */
export class StepSkipped extends Error {}

/**
 * Thrown by a step that cannot succeed however often it runs (what it works on is gone, or the data
 * it needs is simply not there): the step and the execution fail at once with this reason, without
 * the retries a transient error (a source not answering) gets.
 */
export class StepFailed extends Error {}

/** Final failures: a StepFailed, or a service's 404 (what the step works on is gone: no retry brings it back). */
const cannotSucceed = (error: unknown) =>
  error instanceof StepFailed || (error instanceof AppError && error.statusCode === 404);

const PRIORITY_NUMBER: Record<TWorkflowPriority, number> = { low: 0, standard: 10, high: 20, urgent: 30 };

export interface StartWorkflow<TInput> {
  organizationId: string;
  userId: string | null;
  input: TInput;
  subjectId?: string | null;
  priority?: TWorkflowPriority;
}

/** Records an execution with its steps pending and queues it; answers the execution id to poll. */
export async function startWorkflow<TInput>(
  target: { db: Database; jobs: JobQueue },
  definition: WorkflowDefinition<TInput>,
  start: StartWorkflow<TInput>,
): Promise<string> {
  const executionId = crypto.randomUUID();
  const priority = start.priority ?? 'standard';
  await target.db.transaction(async (tx) => {
    await workflows.insertExecution(tx, {
      id: executionId,
      organizationId: start.organizationId,
      workflowType: definition.type,
      subjectId: start.subjectId ?? null,
      createdBy: start.userId,
      priority,
      input: start.input,
    });
    await workflows.insertSteps(
      tx,
      executionId,
      definition.steps.map((step) => step.name),
    );
  });
  await target.jobs.send(RUN_WORKFLOW, { executionId }, { priority: PRIORITY_NUMBER[priority] });
  return executionId;
}

/** The job that runs any catalogued workflow, step by step. */
export function workflowJob(
  deps: JobDependencies,
  catalogue: readonly CataloguedWorkflow[],
): JobDefinition<{ executionId: string }> {
  const byType = new Map(catalogue.map((definition) => [definition.type, definition]));
  return {
    name: RUN_WORKFLOW,
    // Attempts after the first failure; a step still failing then fails the execution (a
    // StepFailed fails it at once).
    retryLimit: 2,
    expireInSeconds: 15 * 60,
    handler: async ({ executionId }, job) => {
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
  const steps = await workflows.listSteps(db, execution.id);
  const outputs: Record<string, unknown> = {};
  for (const step of steps) if (step.status === 'completed') outputs[step.name] = step.output;
  let currentStep: string | null = null;
  const run: WorkflowRun<unknown> = {
    executionId: execution.id,
    organizationId: execution.organizationId,
    userId: execution.createdBy,
    input,
    deps,
    logger: job.logger,
    outputs,
    log: (level, message, data) =>
      workflows.appendLog(db, { executionId: execution.id, stepName: currentStep, level, message, data }),
    publish: (result) => workflows.setResult(db, execution.id, result),
  };
  for (const [index, step] of steps.entries()) {
    if (step.status === 'completed' || step.status === 'skipped') continue;
    const stepDefinition = definition.steps.find((candidate) => candidate.name === step.name);
    currentStep = step.name;
    await workflows.setStage(db, execution.id, step.name, Math.round((index / steps.length) * 100));
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
      if (!job.finalAttempt && !cannotSucceed(error)) {
        // The retry resumes here: completed steps keep their outputs.
        await workflows.updateStep(db, step.id, { status: 'pending', error: reason });
        throw error;
      }
      await workflows.updateStep(db, step.id, { status: 'failed', error: reason, finishedAt: new Date() });
      await workflows.finishExecution(db, execution.id, {
        status: 'failed',
        error: `${step.name}: ${reason}`,
      });
      return;
    }
  }
  const lastStep = steps.at(-1)?.name;
  const result = definition.result ? definition.result(outputs) : lastStep ? outputs[lastStep] : null;
  await workflows.setResult(db, execution.id, result ?? null);
  await workflows.finishExecution(db, execution.id, { status: 'completed' });
}
