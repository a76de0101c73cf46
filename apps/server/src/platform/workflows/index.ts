/**
 * The one job runner of anything a client polls (decisions 035, 039): modules define workflows and
 * start them here, and read a run's status and logs here. Only this folder writes
 * workflow_executions, workflow_steps and workflow_logs.
 */

export {
  type CataloguedWorkflow,
  catalogued,
  StepFailed,
  StepSkipped,
  type WorkflowDefinition,
  type WorkflowFailure,
  type WorkflowOutcome,
  type WorkflowQueue,
  type WorkflowRun,
  type WorkflowStepDefinition,
} from './workflow-definition.ts';
export { workflowJob, workflowJobs } from './workflow-runner.ts';
export {
  queueWorkflow,
  RUN_WORKFLOW,
  recordWorkflow,
  type StartWorkflow,
  startWorkflow,
} from './workflow-start.ts';
export {
  findWorkflowExecution,
  getWorkflowLogs,
  getWorkflowStatus,
  lastCompletedAt,
  latestExecutionFor,
  type WorkflowExecutionRow,
} from './workflow-status.ts';
