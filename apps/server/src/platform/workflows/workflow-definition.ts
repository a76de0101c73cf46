import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { JobDependencies } from '../context.ts';

/**
 * What a workflow is (decision 035): a type, a zod input and an ordered list of named steps, with
 * what a step sees while it runs. The runner (workflow-runner.ts) runs them; modules define them.
 */

/** What a step sees while it runs. */
export interface WorkflowRun<TInput> {
  executionId: string;
  organizationId: string;
  /** Who started it (null when that user has since been removed). */
  userId: string | null;
  /** The record it works on (a document, a deal), when it was started with one. */
  subjectId: string | null;
  input: TInput;
  deps: JobDependencies;
  logger: Logger;
  /** The outputs of the steps already completed, by step name. */
  outputs: Record<string, unknown>;
  log(level: 'info' | 'warn' | 'error', message: string, data?: unknown): Promise<void>;
  /** Makes a partial result visible to pollers now (deep research streams its findings this way). */
  publish(result: unknown): Promise<void>;
  /** Moves the percentage pollers read within the running step's stage (a long step counts its items). */
  progress(percent: number): Promise<void>;
}

export interface WorkflowStepDefinition<TInput> {
  name: string;
  /**
   * The stage and percentage pollers read while this step runs; by default the step's name and the
   * share of the steps before it. Document processing names the stages its screens show.
   */
  stage?: string;
  progress?: number;
  /** Returns the step's output (JSON), kept on the step and passed to later steps. */
  run(run: WorkflowRun<TInput>): Promise<unknown>;
}

/**
 * The pg-boss queue a workflow runs on, when not the shared `run-workflow` one: a workflow that must
 * not wait behind long ones (a document a person just uploaded), or that needs its own retries and
 * dead-worker expiry, gets a queue of its own. Its settings are the queue's, fixed when created.
 */
export interface WorkflowQueue {
  name: string;
  /** Attempts after the first failure. */
  retryLimit: number;
  /** A running attempt older than this belongs to a dead worker and is retried. */
  expireInSeconds: number;
}

/** How a failed execution ended: its step, the reason, and whether a retried error outlived its retries. */
export interface WorkflowFailure {
  step: string;
  reason: string;
  retriesSpent: boolean;
  /** Every attempt was cut off (its process killed, or out of time) before it could record an error. */
  interrupted?: boolean;
}

export type WorkflowOutcome = { status: 'completed'; result: unknown } | { status: 'failed'; error: string };

export interface WorkflowDefinition<TInput = unknown> {
  type: string;
  /** Validates the stored input again when the job runs. */
  input: z.ZodType<TInput>;
  steps: readonly WorkflowStepDefinition<TInput>[];
  queue?: WorkflowQueue;
  /** The execution's result from all step outputs; by default the last step's output. */
  result?(outputs: Record<string, unknown>): unknown;
  /** The failed execution's error; by default `step: reason`. */
  failure?(failure: WorkflowFailure): string;
  /**
   * Records the outcome on the workflow's subject (a document's analysis or failure) in the
   * transaction that ends the execution, and only when that transaction ends it: the subject and
   * its execution never disagree, and an abandoned attempt waking up late changes neither.
   */
  finished?(tx: Database, run: WorkflowRun<TInput>, outcome: WorkflowOutcome): Promise<void>;
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
