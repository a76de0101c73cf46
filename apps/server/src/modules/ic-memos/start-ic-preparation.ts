import type { TWorkflowPriority } from '@atempo/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { startWorkflow } from '../../platform/workflows/index.ts';
import { dealExists } from './ic-memos.repository.ts';
import { icPreparationWorkflow } from './ic-preparation.workflow.ts';

/**
 * Starts the IC preparation workflow for a deal of the organisation, at high priority (spec 01 §7:
 * an IC memo draft defaults to high; an automation may ask otherwise). POST /agents/workflows/ic-preparation and POST
 * /n8n/ic-memo-draft both call this. Another organisation's deal answers 404 before anything is queued.
 */
export async function startIcPreparation(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  principal: { organizationId: string; userId: string | null },
  body: { deal_id: string; company_name?: string },
  priority: TWorkflowPriority = 'high',
): Promise<string> {
  if (!(await dealExists(ctx.db, principal.organizationId, body.deal_id))) {
    throw notFound('Deal not found', 'DEAL_NOT_FOUND');
  }
  return startWorkflow(ctx, icPreparationWorkflow, {
    organizationId: principal.organizationId,
    userId: principal.userId,
    input: { deal_id: body.deal_id, company_name: body.company_name },
    subjectId: body.deal_id,
    priority,
  });
}
