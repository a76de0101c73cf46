import { z } from 'zod';
import type { WorkflowDefinition } from '../../platform/workflows/index.ts';
import { gatherIcMemoFacts, type IcMemoFacts } from './ic-memo-facts.ts';
import { generateIcMemo } from './ic-memos.service.ts';
import { RISK_LEVEL_LABELS } from './memo-templates.ts';

export const IC_PREPARATION_WORKFLOW = 'ic_preparation';

export const ZIcPreparationInput = z.object({
  deal_id: z.uuid(),
  company_name: z.string().max(200).optional(),
});
export type IcPreparationInput = z.infer<typeof ZIcPreparationInput>;

interface RiskAssessment {
  overall_risk_rating: string;
  red_flags: number;
  document_risks: number;
  key_concerns: string[];
}

/**
 * IC preparation as a workflow (POST /agents/workflows/ic-preparation, POST /n8n/ic-memo-draft):
 * gather the deal's cited facts, assess its risks, write and store the next memo version. The
 * result carries memo_id; each step logs what it found.
 */
export const icPreparationWorkflow: WorkflowDefinition<IcPreparationInput> = {
  type: IC_PREPARATION_WORKFLOW,
  input: ZIcPreparationInput,
  steps: [
    {
      name: 'gather_facts',
      run: async ({ input, organizationId, userId, deps, log }) => {
        const facts = await gatherIcMemoFacts(
          { db: deps.db, organizationId, userId: userId ?? '', now: new Date() },
          input.deal_id,
        );
        await log(
          'info',
          `Read deal #${facts.deal.deal_number} of ${facts.deal.company_name}: ${facts.documents.length} document(s), ${facts.metrics.length} figure(s), ${facts.terms ? 'a term sheet' : 'no term sheet'}, ${facts.comparables.length} comparable deal(s)`,
        );
        return facts;
      },
    },
    {
      name: 'assess_risks',
      run: async ({ outputs, log }) => {
        const facts = outputs.gather_facts as IcMemoFacts;
        const assessment: RiskAssessment = {
          overall_risk_rating: facts.deal.red_flag_level
            ? RISK_LEVEL_LABELS[facts.deal.red_flag_level]
            : 'Not scored',
          red_flags: facts.red_flags.length,
          document_risks: facts.document_risks.length,
          key_concerns: facts.red_flags
            .filter((flag) => flag.severity === 'critical' || flag.severity === 'high')
            .map((flag) => flag.description),
        };
        await log(
          assessment.key_concerns.length > 0 ? 'warn' : 'info',
          `Risk rating ${assessment.overall_risk_rating}: ${assessment.red_flags} red flag(s), ${assessment.document_risks} document risk(s), ${assessment.key_concerns.length} critical or high`,
          assessment,
        );
        return assessment;
      },
    },
    {
      name: 'write_memo',
      run: async ({ input, outputs, organizationId, userId, deps, log }) => {
        const memo = await generateIcMemo(deps, {
          organizationId,
          userId,
          dealId: input.deal_id,
          facts: outputs.gather_facts as IcMemoFacts,
        });
        const fallbacks = memo.metadata.template_fallbacks ?? [];
        await log(
          'info',
          `Stored IC memo v${memo.version} (${memo.metadata.generated_by}); ${memo.metadata.data_gaps.length} data gap(s)${
            fallbacks.length > 0 ? `; ${fallbacks.length} section(s) written from the template` : ''
          }`,
          { memo_id: memo.id, data_gaps: memo.metadata.data_gaps, template_fallbacks: fallbacks },
        );
        return {
          memo_id: memo.id,
          version: memo.version,
          deal_id: memo.deal_id,
          company_name: memo.company_name,
          generated_by: memo.metadata.generated_by,
        };
      },
    },
  ],
  result: (outputs) => ({
    ...(outputs.write_memo as Record<string, unknown>),
    overall_risk_rating: (outputs.assess_risks as RiskAssessment | undefined)?.overall_risk_rating ?? null,
  }),
};
