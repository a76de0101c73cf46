import type { TDashboardFigures } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { countCompaniesCreatedBy } from '../companies/index.ts';
import { dealFiguresAt } from '../deals/index.ts';
import { countHighImpactSignals } from '../signals/index.ts';

/** How far back "high-priority alerts" look, and the window of decisions deal conversion counts. */
export const ALERT_WINDOW_DAYS = 30;
export const CONVERSION_WINDOW_DAYS = 365;

/**
 * The dashboard's figures as they stood at `at`, read from the records' own timestamps (decision
 * 034): the pipeline's from the deals and their stage changes (deals module), the companies and
 * high-impact signals created by then from theirs. Deals, companies and signals created after `at`
 * are left out; rows deleted since cannot be seen, which is why the daily snapshots exist. With
 * `at` = now this is today's figures.
 */
export async function figuresAt(db: Database, organizationId: string, at: Date): Promise<TDashboardFigures> {
  const [pipeline, companiesTracked, highPriorityAlerts] = await Promise.all([
    dealFiguresAt(db, organizationId, at, CONVERSION_WINDOW_DAYS),
    countCompaniesCreatedBy(db, organizationId, at),
    countHighImpactSignals(db, organizationId, at, ALERT_WINDOW_DAYS),
  ]);
  return {
    active_deals: pipeline.active_deals,
    companies_tracked: companiesTracked,
    high_priority_alerts: highPriorityAlerts,
    deals_closed: pipeline.deals_closed,
    deals_decided: pipeline.deals_decided,
  };
}
