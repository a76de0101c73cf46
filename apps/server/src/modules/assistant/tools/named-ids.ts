import { requireCompanyIds } from '../../companies/index.ts';
import { dealNotFound } from '../../deals/index.ts';
import { findDeal } from './subject.source.ts';
import type { ToolContext } from './tool.ts';

/** The ids a caller may name in a tool's input or a chat question. */
export interface NamedIds {
  deal_id?: string;
  company_id?: string;
  company_ids?: readonly string[];
}

/**
 * Resolves every id a caller named in the caller's organisation, or throws 404 {detail, code},
 * as a path id would. Without it another organisation's (or an unknown) id answered 200 with
 * empty results and reached a model's prompt unchecked. The engines' own tool calls skip this:
 * a model naming a wrong id gets an empty result it can read, not an error for the person.
 */
export async function requireNamedIds(context: ToolContext, input: NamedIds): Promise<void> {
  if (input.deal_id && !(await findDeal(context, input.deal_id))) throw dealNotFound();
  await requireCompanyIds(context.db, context.organizationId, [
    ...(input.company_id ? [input.company_id] : []),
    ...(input.company_ids ?? []),
  ]);
}
