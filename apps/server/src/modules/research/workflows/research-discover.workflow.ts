import {
  RESEARCH_DEPTH_LIMITS,
  type TResearchFact,
  type TResearchFindings,
  type TResearchHit,
  type TResearchSummary,
  ZResearchDepth,
} from '@atempo/contracts';
import { z } from 'zod';
import { StepSkipped, type WorkflowDefinition, type WorkflowRun } from '../../../platform/workflows/index.ts';
import { companyProfileById } from '../../companies/index.ts';
import { addDiscoveredCompanies, applyCompanyPatch, sourcedCompanyPatch } from '../company-updates.ts';
import { gatherCompany, sourcesOf } from '../research-engine.ts';
import { findResearchRecord, updateResearchRecord } from '../research-records.repository.ts';
import { summarise } from '../research-summary.ts';
import { when, ZUuid } from './workflow-input.ts';

// ---------------------------------------------------------------- research discovery (one company)

export const ZDiscoverInput = z.object({
  research_id: ZUuid,
  deal_id: ZUuid.nullable(),
  company_name: z.string(),
  industry_sector: z.string().nullable(),
  research_depth: ZResearchDepth,
  save_to_db: z.boolean(),
  now: z.iso.datetime({ offset: true }),
});
export type DiscoverInput = z.infer<typeof ZDiscoverInput>;

type Gathered = TResearchFindings;

const summaryFacts = (findings: Gathered): TResearchFact[] => [
  ...(findings.company?.facts ?? []),
  ...findings.metrics,
];
const summaryHits = (findings: Gathered): TResearchHit[] => [
  ...findings.funding_announcements,
  ...findings.market_signals,
  ...findings.documents,
  ...findings.comparable_deals,
];

export async function gatherStep(run: WorkflowRun<DiscoverInput>): Promise<Gathered> {
  const findings = await gatherCompany(
    run.deps.db,
    {
      organizationId: run.organizationId,
      companyName: run.input.company_name,
      industrySector: run.input.industry_sector,
      dealId: run.input.deal_id,
      depth: run.input.research_depth,
    },
    when(run),
  );
  await run.log(
    'info',
    `Gathered ${findings.metrics.length} metrics, ${summaryHits(findings).length} records`,
    {
      sources: findings.sources.length,
      research_depth: run.input.research_depth,
      per_source: RESEARCH_DEPTH_LIMITS[run.input.research_depth],
    },
  );
  return findings;
}

export async function summaryStep(run: WorkflowRun<DiscoverInput>): Promise<TResearchSummary> {
  const findings = run.outputs.gather_facts as Gathered;
  const summary = await summarise(run.deps, {
    subject: findings.company?.name ?? run.input.company_name,
    facts: summaryFacts(findings),
    hits: summaryHits(findings),
    missing: findings.missing,
  });
  if (summary.note) await run.log('warn', summary.note);
  return summary;
}

async function updateCompanyStep(run: WorkflowRun<DiscoverInput>): Promise<TResearchFact[]> {
  if (!run.input.save_to_db) throw new StepSkipped('save_to_db is off');
  const findings = run.outputs.gather_facts as Gathered;
  const { db } = run.deps;
  if (!findings.company) {
    const added = await addDiscoveredCompanies(
      db,
      run.organizationId,
      findings.funding_announcements,
      new Set(),
      1,
    );
    if (added.length === 0) throw new StepSkipped('No company record and no announcement to add one from');
    await run.log('info', `Added ${added[0]!.name} from its funding announcement`);
    return findings.funding_announcements.slice(0, 1).map((hit) => ({
      field: 'company',
      value: added[0]!.name,
      unit: 'text',
      currency: null,
      period: null,
      source: hit.source,
    }));
  }
  const row = await companyProfileById(db, run.organizationId, findings.company.id);
  if (!row) throw new StepSkipped('The company was deleted meanwhile');
  const { patch, facts } = sourcedCompanyPatch(row, findings.funding_announcements);
  if (facts.length === 0) throw new StepSkipped('No sourced fact to add to the company');
  await applyCompanyPatch(db, run.organizationId, row.id, patch);
  await run.log('info', `Updated ${Object.keys(patch).join(', ')} from ${facts.length} sourced facts`);
  return facts;
}

export async function saveRecordStep(run: WorkflowRun<DiscoverInput>) {
  const gathered = run.outputs.gather_facts as Gathered;
  const updates = (run.outputs.update_company as TResearchFact[] | undefined) ?? [];
  const summary = run.outputs.write_summary as TResearchSummary;
  const findings: TResearchFindings = { ...gathered, status: 'completed', summary, company_updates: updates };
  findings.sources = sourcesOf(findings);
  const record = await findResearchRecord(run.deps.db, run.organizationId, run.input.research_id);
  if (!record) throw new StepSkipped('The research record was deleted meanwhile');
  await updateResearchRecord(run.deps.db, record.id, { findings, companyId: gathered.company?.id ?? null });
  return {
    research_id: record.id,
    company_id: gathered.company?.id ?? null,
    summary,
    counts: {
      metrics: findings.metrics.length,
      funding_announcements: findings.funding_announcements.length,
      market_signals: findings.market_signals.length,
      documents: findings.documents.length,
      comparable_deals: findings.comparable_deals.length,
      company_updates: updates.length,
    },
  };
}

export const RESEARCH_DISCOVER: WorkflowDefinition<DiscoverInput> = {
  type: 'research_discover',
  input: ZDiscoverInput,
  steps: [
    { name: 'gather_facts', run: gatherStep },
    { name: 'write_summary', run: summaryStep },
    { name: 'update_company', run: updateCompanyStep },
    { name: 'save_record', run: saveRecordStep },
  ],
};
