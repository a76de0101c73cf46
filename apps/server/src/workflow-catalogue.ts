import {
  metricsExtractionWorkflow,
  scenarioForecastWorkflow,
  uploadDeckWorkflow,
} from './modules/automation/index.ts';

import { DOCUMENT_PROCESSING, storedDocumentText } from './modules/documents/index.ts';
import { icMemoEmailWorkflow, icPreparationWorkflow } from './modules/ic-memos/index.ts';
import { SHAREPOINT_INGESTION } from './modules/integrations/index.ts';
import { knowledgeIndexWorkflow } from './modules/knowledge/index.ts';
import { RESEARCH_WORKFLOWS } from './modules/research/index.ts';
import { MARKET_SIGNAL_SCAN_WORKFLOW } from './modules/signals/index.ts';

import { type CataloguedWorkflow, catalogued } from './platform/workflows/index.ts';

/**
 * Every multi-step workflow the server runs. API processes start them by definition and worker
 * processes run them by type, so both read this one list. Add a definition with `catalogued(…)`.
 */
export const WORKFLOW_CATALOGUE: readonly CataloguedWorkflow[] = [
  catalogued(DOCUMENT_PROCESSING),
  // Re-indexing reads stored documents' text again through document processing's reader.
  catalogued(knowledgeIndexWorkflow(storedDocumentText)),
  catalogued(icPreparationWorkflow),
  catalogued(icMemoEmailWorkflow),
  MARKET_SIGNAL_SCAN_WORKFLOW,
  ...RESEARCH_WORKFLOWS,
  catalogued(uploadDeckWorkflow),
  catalogued(metricsExtractionWorkflow),
  catalogued(scenarioForecastWorkflow),
  catalogued(SHAREPOINT_INGESTION),
];
