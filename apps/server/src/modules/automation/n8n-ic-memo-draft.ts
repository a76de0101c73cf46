import type { TN8nIcMemoDraftRequest } from '@atempo/contracts';
import { WORKFLOW_CATALOGUE } from '../workflows/workflow-catalogue.ts';
import type { CataloguedWorkflow } from '../workflows/workflow-runner.ts';

/**
 * POST /n8n/ic-memo-draft starts the IC preparation workflow, which the IC memo module defines.
 * The route finds it in the catalogue by type, so it runs as soon as that workflow is catalogued
 * under this type; until then the route answers 503 and starts nothing.
 */
export const IC_PREPARATION_WORKFLOW_TYPE = 'ic_preparation';

export function icMemoDraftWorkflow(
  catalogue: readonly CataloguedWorkflow[] = WORKFLOW_CATALOGUE,
): CataloguedWorkflow | null {
  return catalogue.find((definition) => definition.type === IC_PREPARATION_WORKFLOW_TYPE) ?? null;
}

/** What the IC preparation workflow is started with (the memo's deal; who asked, for the record). */
export function icMemoDraftInput(request: TN8nIcMemoDraftRequest, companyName: string) {
  return {
    deal_id: request.deal_id,
    company_name: request.company_name || companyName,
    memo_type: request.memo_type,
  };
}
