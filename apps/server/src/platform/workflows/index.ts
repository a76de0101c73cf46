/**
 * The one job runner of anything a client polls (decision 035): modules define workflows and start
 * them here, and read a run's status and logs here. Only this folder writes workflow_executions,
 * workflow_steps and workflow_logs.
 */

export {
  type CataloguedWorkflow,
  catalogued,
  RUN_WORKFLOW,
  type StartWorkflow,
  StepFailed,
  StepSkipped,
  startWorkflow,
  type WorkflowDefinition,
  type WorkflowRun,
  type WorkflowStepDefinition,
  workflowJob,
} from './workflow-runner.ts';
export {
  findWorkflowExecution,
  getWorkflowLogs,
  getWorkflowStatus,
  latestExecutionFor,
  type WorkflowExecutionRow,
} from './workflow-status.ts';
