import { RESEARCH_DEPTH_LIMITS, type TResearchHit, ZResearchDepth } from '@atempo/contracts';
import { matchGeography, matchSector, normaliseStage } from '@atempo/scoring';
import { z } from 'zod';
import type { WorkflowDefinition } from '../../../platform/workflows/index.ts';
import { searchAnnouncements } from '../../funding-news/index.ts';
import { getThesis } from '../../thesis/index.ts';
import { mergeHits } from '../research-engine.ts';
import { announcementHit, rankedHits, signalHit } from '../research-hits.ts';
import * as sources from '../research-sources.repository.ts';
import { saveCompaniesStep } from './save-companies.step.ts';
import { when } from './workflow-input.ts';

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
        const rows = await searchAnnouncements(run.deps.db, run.organizationId, []);
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
