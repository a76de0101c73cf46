import type { TResearchHit } from '@atempo/contracts';
import { StepSkipped, type WorkflowRun } from '../../../platform/workflows/index.ts';
import { addDiscoveredCompanies, type DiscoveredCompany } from '../company-updates.ts';
import { trackedNames } from '../research-company.ts';

/** Adds the untracked companies the hits name (source discovery), when the run was asked to save. */
export async function saveCompaniesStep(
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
  const tracked = await trackedNames(run.deps.db, run.organizationId, names);
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
