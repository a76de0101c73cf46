import {
  metricsExtractionWorkflow,
  scenarioForecastWorkflow,
  uploadDeckWorkflow,
} from '../automation/n8n-workflows.ts';
import { type CataloguedWorkflow, catalogued } from './workflow-runner.ts';

/**
 * Every multi-step workflow the server runs. API processes start them by definition and worker
 * processes run them by type, so both read this one list. Add a definition with `catalogued(…)`.
 */
export const WORKFLOW_CATALOGUE: readonly CataloguedWorkflow[] = [
  catalogued(uploadDeckWorkflow),
  catalogued(metricsExtractionWorkflow),
  catalogued(scenarioForecastWorkflow),
];
