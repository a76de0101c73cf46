import type { Database } from '@atempo/db';
import { recordFundingRound } from '../companies/index.ts';
import type { RoundFact } from './rules/signal-facts.ts';

/** Reports below this extraction confidence do not change a company record (decision 029's bar). */
const MIN_CONFIDENCE = 0.5;

/**
 * Each closed round of a tracked company (one per round, however many articles) updates the
 * company through its owner's door: last funding, total raised counted once, investors merged, the
 * article cited. A rumour changes nothing: the round is not closed.
 */
export async function updateTrackedCompanies(
  db: Database,
  organizationId: string,
  rounds: readonly RoundFact[],
): Promise<number> {
  let updated = 0;
  for (const round of rounds) {
    if (!round.companyId || round.rumoured || round.confidenceScore < MIN_CONFIDENCE) continue;
    const reports = round.reports ?? [];
    const changed = await recordFundingRound(db, organizationId, round.companyId, {
      announcementIds: reports.length > 0 ? reports.map((report) => report.announcement_id) : [round.id],
      amountEur: round.amountEur,
      announcedAt: round.announcedAt,
      stage: round.stage,
      investors: round.investors,
      title: round.title,
      url: round.sourceUrl,
      sourceName: round.sourceName,
    });
    if (changed) updated += 1;
  }
  return updated;
}
