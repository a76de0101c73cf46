import type { TDeepResearchResult, TResearchFilter, TResearchHit, TResearchSummary } from '@atempo/contracts';
import { z } from 'zod';
import type { WorkflowDefinition, WorkflowRun } from '../../../platform/workflows/index.ts';
import type { DiscoveredCompany } from '../company-updates.ts';
import { DEEP_SOURCES, type DeepSource, mergeHits, searchSource } from '../research-engine.ts';
import { parseResearchQuery, type ResearchQuery } from '../research-query.ts';
import { summarise } from '../research-summary.ts';
import { saveCompaniesStep } from './save-companies.step.ts';
import { when } from './workflow-input.ts';

// ---------------------------------------------------------------- deep research (a question)

export const ZDeepResearchInput = z.object({
  query: z.string(),
  save_to_db: z.boolean(),
  max_companies: z.number().int().min(1).max(100),
  now: z.iso.datetime({ offset: true }),
});
export type DeepResearchInput = z.infer<typeof ZDeepResearchInput>;

const MAX_HITS = 100;

/** Every filter the question states, as the person reads it, in the order the form shows them. */
export function filtersOf(query: ResearchQuery): TResearchFilter[] {
  return [
    ...query.regions.map((label) => ({ kind: 'region' as const, label })),
    ...(query.places ?? []).map((place) => ({ kind: 'place' as const, label: place.label })),
    ...query.stages.map((stage) => ({
      kind: 'stage' as const,
      label: `Series ${stage}${stage === 'D' ? '+' : ''}`,
    })),
    ...(query.sectors ?? []).map((sector) => ({ kind: 'sector' as const, label: sector.label })),
    ...(query.window ? [{ kind: 'window' as const, label: query.window.label }] : []),
  ];
}

/**
 * The answer as stored on the execution: every merged hit (at most MAX_HITS), best first; the
 * status route serves it a page at a time.
 */
function deepResult(
  input: { query: string; now: string },
  outputs: Record<string, unknown>,
  extra: Partial<TDeepResearchResult> = {},
): TDeepResearchResult {
  const parsed = parseResearchQuery(input.query, new Date(input.now));
  const searched = DEEP_SOURCES.filter((source) => Array.isArray(outputs[`search_${source}`]));
  const hits = mergeHits(...searched.map((source) => outputs[`search_${source}`] as TResearchHit[])).slice(
    0,
    MAX_HITS,
  );
  return {
    query: parsed.text,
    regions: parsed.regions,
    stages: parsed.stages,
    terms: parsed.terms,
    filters: filtersOf(parsed),
    hits,
    total: hits.length,
    page: 1,
    limit: Math.max(1, hits.length),
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
      parseResearchQuery(run.input.query, when(run)),
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
    subject: `"${parseResearchQuery(run.input.query, when(run)).text}"`,
    facts: [],
    hits,
    missing: [],
  });
  await run.publish(deepResult(run.input, { ...run.outputs, write_summary: summary }));
  return summary;
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
