import { scoreDeal } from '@atempo/scoring';
import { z } from 'zod';
import { StepSkipped, type WorkflowDefinition } from '../../../platform/workflows/index.ts';
import { companyProfileById } from '../../companies/index.ts';
import { getDeal } from '../../deals/index.ts';
import { documentsByIds } from '../../documents/index.ts';
import { getThesis } from '../../thesis/index.ts';
import { investmentThesisFit } from '../investment-thesis.ts';
import { gatherStep, saveRecordStep, summaryStep } from './research-discover.workflow.ts';
import { when, ZUuid } from './workflow-input.ts';

// ---------------------------------------------------------------- new deal

export const ZNewDealInput = z.object({
  deal_id: ZUuid,
  company_name: z.string(),
  initial_documents: z.array(ZUuid),
  research_id: ZUuid,
  now: z.iso.datetime({ offset: true }),
});
export type NewDealInput = z.infer<typeof ZNewDealInput>;

export const NEW_DEAL: WorkflowDefinition<NewDealInput> = {
  type: 'new_deal',
  input: ZNewDealInput,
  steps: [
    {
      name: 'score_deal',
      run: async (run) => {
        const fit = await investmentThesisFit(
          run.deps.db,
          run.organizationId,
          {
            researchId: run.input.research_id,
            dealId: run.input.deal_id,
            companyId: null,
            companyName: run.input.company_name,
            industrySector: null,
          },
          when(run),
        );
        await run.log('info', `Thematic score ${fit.thematic_score}: ${fit.recommendation}`);
        return {
          thematic_score: fit.thematic_score,
          recommendation: fit.recommendation,
          components: fit.components,
        };
      },
    },
    {
      name: 'check_red_flags',
      run: async (run) => {
        const deal = await getDeal(run.deps.db, run.organizationId, run.input.deal_id);
        const company = await companyProfileById(run.deps.db, run.organizationId, deal.company_id);
        const thesis = await getThesis(run.deps.db, run.organizationId);
        const score = scoreDeal(
          {
            sector: deal.sector,
            geography: deal.geography,
            stage: company?.stage ?? null,
            deal_type: deal.deal_type,
            amount_requested: deal.amount_requested,
            financial_metrics: deal.financial_metrics,
            last_interaction_at: deal.last_interaction,
            created_at: deal.created_at,
          },
          thesis,
          when(run),
        );
        await run.log('info', `${score.red_flags.length} red flags, level ${score.red_flag_level}`);
        return {
          red_flag_level: score.red_flag_level,
          red_flag_score: score.red_flag_score,
          key_concerns: score.red_flag_summary.key_concerns,
          flags: score.red_flags.map((flag) => ({
            severity: flag.severity,
            flag_type: flag.flag_type,
            description: flag.description,
          })),
        };
      },
    },
    {
      name: 'research_company',
      run: async (run) => {
        const discover = {
          ...run,
          input: {
            ...run.input,
            company_name: run.input.company_name,
            industry_sector: null,
            research_depth: 'comprehensive' as const,
            save_to_db: false,
          },
        };
        const gathered = await gatherStep(discover);
        const summary = await summaryStep({
          ...discover,
          outputs: { ...run.outputs, gather_facts: gathered },
        });
        const saved = await saveRecordStep({
          ...discover,
          outputs: { gather_facts: gathered, write_summary: summary },
        });
        return saved;
      },
    },
    {
      name: 'summarise_documents',
      run: async (run) => {
        if (run.input.initial_documents.length === 0) throw new StepSkipped('No initial documents');
        const rows = await documentsByIds(run.deps.db, run.organizationId, run.input.initial_documents);
        await run.log(
          'info',
          `${rows.filter((row) => row.status === 'completed').length} of ${rows.length} documents analysed`,
        );
        return rows.map((row) => ({
          document_id: row.id,
          name: row.name,
          status: row.status,
          document_type: row.document_type,
          summary: row.summary,
          key_metrics: row.key_metric_count,
          risk_flags: row.risk_flags ?? [],
        }));
      },
    },
  ],
  result: (outputs) => ({
    score: outputs.score_deal ?? null,
    red_flags: outputs.check_red_flags ?? null,
    research: outputs.research_company ?? null,
    documents: outputs.summarise_documents ?? null,
  }),
};
