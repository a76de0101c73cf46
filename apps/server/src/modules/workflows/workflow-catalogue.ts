import {
  metricsExtractionWorkflow,
  scenarioForecastWorkflow,
  uploadDeckWorkflow,
} from '../automation/n8n-workflows.ts';
import { icMemoEmailWorkflow } from '../ic-memos/ic-memo-email.workflow.ts';
import { icPreparationWorkflow } from '../ic-memos/ic-preparation.workflow.ts';
import { RESEARCH_WORKFLOWS } from '../research/research.workflows.ts';
import { MARKET_SIGNAL_SCAN_WORKFLOW } from '../signals/signal-scan.ts';
import { type CataloguedWorkflow, catalogued } from './workflow-runner.ts';

/**
 * Every multi-step workflow the server runs. API processes start them by definition and worker
 * processes run them by type, so both read this one list. Add a definition with `catalogued(…)`.
 */
export const WORKFLOW_CATALOGUE: readonly CataloguedWorkflow[] = [
  catalogued(icPreparationWorkflow),
  catalogued(icMemoEmailWorkflow),
  MARKET_SIGNAL_SCAN_WORKFLOW,
  ...RESEARCH_WORKFLOWS,
  catalogued(uploadDeckWorkflow),
  catalogued(metricsExtractionWorkflow),
  catalogued(scenarioForecastWorkflow),
];
