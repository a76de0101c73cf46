export { icExportRoutes } from './ic-export.routes.ts';
export { icMemoEmailWorkflow } from './ic-memo-email.workflow.ts';
export { gatherIcMemoFacts } from './ic-memo-facts.ts';
export { renderIcMemoPdf } from './ic-memo-pdf.ts';
export { findMemoForExport } from './ic-memo-pdf-source.ts';
export { icMemosRoutes } from './ic-memos.routes.ts';
export { generateIcMemo } from './ic-memos.service.ts';
export { IC_PREPARATION_WORKFLOW, icPreparationWorkflow } from './ic-preparation.workflow.ts';
export { startIcPreparation } from './start-ic-preparation.ts';
