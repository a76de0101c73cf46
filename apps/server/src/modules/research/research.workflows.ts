import {
  RESEARCH_DEPTH_LIMITS,
  type TDeepResearchResult,
  type TResearchFact,
  type TResearchFindings,
  type TResearchHit,
  type TResearchSummary,
  ZResearchDepth,
} from '@atempo/contracts';
import { matchGeography, matchSector, normaliseStage, scoreDeal } from '@atempo/scoring';
import { z } from 'zod';
import {
  catalogued,
  StepSkipped,
  type WorkflowDefinition,
  type WorkflowRun,
} from '../../platform/workflows/index.ts';
import { getDeal } from '../deals/index.ts';
import { documentsByIds } from '../documents/index.ts';
import { getThesis } from '../thesis/index.ts';
import {
  addDiscoveredCompanies,
  applyCompanyPatch,
  type DiscoveredCompany,
  sourcedCompanyPatch,
} from './company-updates.ts';
import { investmentThesisFit } from './investment-thesis.ts';
import {
  DEEP_SOURCES,
  type DeepSource,
  gatherCompany,
  mergeHits,
  searchSource,
  sourcesOf,
} from './research-engine.ts';
import { announcementHit, rankedHits, signalHit } from './research-hits.ts';
import { parseResearchQuery } from './research-query.ts';
import { findResearchRecord, updateResearchRecord } from './research-records.repository.ts';
import * as sources from './research-sources.repository.ts';
import { summarise } from './research-summary.ts';

/**
 * The research workflows (decision 029): a company's discovery, the new-deal workflow, deep
 * research over a question and thesis-driven company discovery. All run on the workflow runner,
 * step by step, with logs; deep research and discovery publish their findings as they go.
 */

const ZUuid = z.uuid();
const when = (run: WorkflowRun<{ now: string }>) => new Date(run.input.now);

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

async function gatherStep(run: WorkflowRun<DiscoverInput>): Promise<Gathered> {
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

async function summaryStep(run: WorkflowRun<DiscoverInput>): Promise<TResearchSummary> {
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
  const row = await sources.companyById(db, run.organizationId, findings.company.id);
  if (!row) throw new StepSkipped('The company was deleted meanwhile');
  const { patch, facts } = sourcedCompanyPatch(row, findings.funding_announcements);
  if (facts.length === 0) throw new StepSkipped('No sourced fact to add to the company');
  await applyCompanyPatch(db, run.organizationId, row.id, patch);
  await run.log('info', `Updated ${Object.keys(patch).join(', ')} from ${facts.length} sourced facts`);
  return facts;
}

async function saveRecordStep(run: WorkflowRun<DiscoverInput>) {
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
        const company = await sources.companyById(run.deps.db, run.organizationId, deal.company_id);
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

// ---------------------------------------------------------------- deep research (a question)

export const ZDeepResearchInput = z.object({
  query: z.string(),
  save_to_db: z.boolean(),
  max_companies: z.number().int().min(1).max(100),
  now: z.iso.datetime({ offset: true }),
});
export type DeepResearchInput = z.infer<typeof ZDeepResearchInput>;

const MAX_HITS = 100;

function deepResult(
  input: { query: string },
  outputs: Record<string, unknown>,
  extra: Partial<TDeepResearchResult> = {},
): TDeepResearchResult {
  const parsed = parseResearchQuery(input.query);
  const searched = DEEP_SOURCES.filter((source) => Array.isArray(outputs[`search_${source}`]));
  return {
    query: parsed.text,
    regions: parsed.regions,
    stages: parsed.stages,
    terms: parsed.terms,
    hits: mergeHits(...searched.map((source) => outputs[`search_${source}`] as TResearchHit[])).slice(
      0,
      MAX_HITS,
    ),
    summary: (outputs.write_summary as TResearchSummary | undefined) ?? null,
    saved_companies: (outputs.save_companies as DiscoveredCompany[] | undefined) ?? [],
    searched: [...searched],
    ...extra,
  };
}

const searchStep = (source: DeepSource) => ({
  name: `search_${source}`,
  run: async (run: WorkflowRun<DeepResearchInput>) => {
    const hits = await searchSource(
      run.deps.db,
      run.organizationId,
      source,
      parseResearchQuery(run.input.query),
      when(run),
    );
    await run.log('info', `${hits.length} ${source.replaceAll('_', ' ')} found`);
    await run.publish(deepResult(run.input, { ...run.outputs, [`search_${source}`]: hits }));
    return hits;
  },
});

async function deepSummaryStep(run: WorkflowRun<DeepResearchInput>): Promise<TResearchSummary> {
  const { hits } = deepResult(run.input, run.outputs);
  const summary = await summarise(run.deps, {
    subject: `"${parseResearchQuery(run.input.query).text}"`,
    facts: [],
    hits,
    missing: [],
  });
  await run.publish(deepResult(run.input, { ...run.outputs, write_summary: summary }));
  return summary;
}

/** Adds the untracked companies the hits name (source discovery), when the run was asked to save. */
async function saveCompaniesStep(
  run: WorkflowRun<{ save_to_db: boolean; max_companies: number }>,
  hits: TResearchHit[],
): Promise<DiscoveredCompany[]> {
  if (!run.input.save_to_db) throw new StepSkipped('save_to_db is off');
  const names = [
    ...new Set(
      hits.flatMap((hit) =>
        hit.kind === 'funding_announcement' && hit.company_name ? [hit.company_name] : [],
      ),
    ),
  ];
  const tracked = await sources.trackedNames(run.deps.db, run.organizationId, names);
  const added = await addDiscoveredCompanies(
    run.deps.db,
    run.organizationId,
    hits,
    tracked,
    run.input.max_companies,
  );
  await run.log('info', `Added ${added.length} companies not tracked yet`, {
    companies: added.map((company) => company.name),
  });
  return added;
}

export const DEEP_RESEARCH: WorkflowDefinition<DeepResearchInput> = {
  type: 'deep_research',
  input: ZDeepResearchInput,
  steps: [
    ...DEEP_SOURCES.map(searchStep),
    { name: 'write_summary', run: deepSummaryStep },
    { name: 'save_companies', run: (run) => saveCompaniesStep(run, deepResult(run.input, run.outputs).hits) },
    // The whole answer, rebuilt from the steps' outputs (the query is in the input, which result() does not see).
    { name: 'compile_results', run: async (run) => deepResult(run.input, run.outputs) },
  ],
  result: (outputs) => outputs.compile_results ?? null,
};

// ---------------------------------------------------------------- company discovery (the thesis)

export const ZCompanyDiscoveryInput = z.object({
  max_companies: z.number().int().min(1).max(100),
  save_to_db: z.boolean(),
  research_depth: ZResearchDepth,
  now: z.iso.datetime({ offset: true }),
});
export type CompanyDiscoveryInput = z.infer<typeof ZCompanyDiscoveryInput>;

export const COMPANY_DISCOVERY: WorkflowDefinition<CompanyDiscoveryInput> = {
  type: 'company_discovery',
  input: ZCompanyDiscoveryInput,
  steps: [
    {
      name: 'search_funding_announcements',
      run: async (run) => {
        const thesis = await getThesis(run.deps.db, run.organizationId);
        const noFilter = { text: '', regions: [], stages: [], terms: [] };
        const rows = await sources.searchAnnouncements(run.deps.db, run.organizationId, []);
        const signals = await sources.searchSignals(run.deps.db, run.organizationId, []);
        const fits = (hit: TResearchHit) => {
          const sectorFits =
            Object.keys(thesis.target_sectors).length === 0 ||
            (hit.sector && matchSector(hit.sector, thesis));
          const place = hit.country ?? hit.region;
          const placeFits =
            Object.keys(thesis.primary_markets).length === 0 || (place && matchGeography(place, thesis));
          const stage = hit.stage ? normaliseStage(hit.stage) : null;
          const stageFits =
            thesis.target_stages.length === 0 ||
            (stage && (thesis.target_stages as string[]).includes(stage));
          return Boolean(sectorFits && placeFits && stageFits);
        };
        // The best-ranked fitting hits of each source, as many as the research depth keeps.
        const perSource = RESEARCH_DEPTH_LIMITS[run.input.research_depth];
        const hits = mergeHits(
          rankedHits(rows.map(announcementHit), noFilter, when(run), 500).filter(fits).slice(0, perSource),
          rankedHits(signals.map(signalHit), noFilter, when(run), 500).filter(fits).slice(0, perSource),
        );
        await run.log('info', `${hits.length} announcements and signals fit the thesis`, {
          sectors: Object.keys(thesis.target_sectors),
          stages: thesis.target_stages,
          research_depth: run.input.research_depth,
          per_source: perSource,
        });
        await run.publish({
          hits,
          saved_companies: [],
          searched: ['funding_announcements', 'market_signals'],
        });
        return hits;
      },
    },
    {
      name: 'save_companies',
      run: (run) => saveCompaniesStep(run, run.outputs.search_funding_announcements as TResearchHit[]),
    },
  ],
  result: (outputs) => ({
    hits: outputs.search_funding_announcements ?? [],
    saved_companies: outputs.save_companies ?? [],
    searched: ['funding_announcements', 'market_signals'],
  }),
};

export const RESEARCH_WORKFLOWS = [
  catalogued(RESEARCH_DISCOVER),
  catalogued(NEW_DEAL),
  catalogued(DEEP_RESEARCH),
  catalogued(COMPANY_DISCOVERY),
];
