import {
  metricsExtractionWorkflow,
  scenarioForecastWorkflow,
  uploadDeckWorkflow,
} from './modules/automation/n8n-workflows.ts';
import { DOCUMENT_PROCESSING } from './modules/documents/processing.workflow.ts';
import { storedDocumentText } from './modules/documents/stored-document-text.ts';
import { icMemoEmailWorkflow } from './modules/ic-memos/ic-memo-email.workflow.ts';
import { icPreparationWorkflow } from './modules/ic-memos/ic-preparation.workflow.ts';
import { knowledgeIndexWorkflow } from './modules/knowledge/knowledge-index.workflow.ts';
import { RESEARCH_WORKFLOWS } from './modules/research/research.workflows.ts';
import { MARKET_SIGNAL_SCAN_WORKFLOW } from './modules/signals/signal-scan.ts';
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
];
