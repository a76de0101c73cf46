import { z } from 'zod';
import type { WorkflowRun } from '../../../platform/workflows/index.ts';

export const ZUuid = z.uuid();

/** The run's clock: the time its input was given, not the time a step happens to run. */
export const when = (run: WorkflowRun<{ now: string }>) => new Date(run.input.now);
