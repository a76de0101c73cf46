import { icMemoEmailWorkflow } from '../ic-memos/ic-memo-email.workflow.ts';
import { type CataloguedWorkflow, catalogued } from './workflow-runner.ts';

/**
 * Every multi-step workflow the server runs. API processes start them by definition and worker
 * processes run them by type, so both read this one list. Add a definition with `catalogued(…)`.
 */
export const WORKFLOW_CATALOGUE: readonly CataloguedWorkflow[] = [catalogued(icMemoEmailWorkflow)];
