import { z } from 'zod';

/** Workflow runs as the client polls them (GET /agents/workflows/{id}/status, spec 01 §3). */

/** Spec 01 §3 workflow status; completed and failed are final. */
export const WORKFLOW_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export const WORKFLOW_STEP_STATUSES = ['pending', 'running', 'completed', 'failed', 'skipped'] as const;
export const ZWorkflowStep = z.object({
  name: z.string(),
  status: z.enum(WORKFLOW_STEP_STATUSES),
  error: z.string().nullable(),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TWorkflowStep = z.infer<typeof ZWorkflowStep>;
/** Spec 01 §9 default priorities: standard, high for IC memos (high runs first). */
export const WORKFLOW_PRIORITIES = ['low', 'standard', 'high', 'urgent'] as const;
export const ZWorkflowPriority = z.enum(WORKFLOW_PRIORITIES);
export type TWorkflowPriority = z.infer<typeof ZWorkflowPriority>;
export const ZWorkflowStatus = z.object({
  execution_id: z.uuid(),
  workflow_type: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  stage: z.string(),
  progress: z.number().int().min(0).max(100),
  /** The document (or other record) the workflow works on. */
  subject_id: z.uuid().nullable(),
  error: z.string().nullable(),
  /** The steps of a multi-step workflow in order (empty for single-stage ones like document processing). */
  steps: z.array(ZWorkflowStep),
  /** What the workflow produced: partial while it runs, whole once completed; null when nothing yet. */
  result: z.unknown().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type TWorkflowStatus = z.infer<typeof ZWorkflowStatus>;
