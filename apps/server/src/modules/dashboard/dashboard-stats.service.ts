import { type TDashboardFigures, type TDashboardStats, ZDashboardFigures } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { figuresAt } from './dashboard-figures.ts';
import { recordSnapshotIfMissing, snapshotsNear } from './metric-snapshots.repository.ts';
import { conversionRate, countStat, rateStat } from './stat-change.ts';

/** "From last month": 30 days back, and how far a snapshot may stray from that day and still count. */
export const COMPARISON_DAYS = 30;
export const SNAPSHOT_TOLERANCE_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of an instant, UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Today's figures, kept as today's snapshot when the day has none yet. */
export async function snapshotFigures(
  db: Database,
  organizationId: string,
  now: Date,
): Promise<{ figures: TDashboardFigures; recorded: boolean }> {
  const figures = await figuresAt(db, organizationId, now);
  const recorded = await recordSnapshotIfMissing(db, organizationId, utcDay(now), figures);
  return { figures, recorded };
}

/**
 * The month-ago figures as a snapshot kept them: the nearest readable snapshot within the
 * tolerance. One that does not parse (written under an older definition, or partial) is passed
 * over for the next nearest rather than compared wrongly.
 */
async function snapshotAround(
  db: Database,
  organizationId: string,
  day: string,
): Promise<{ figures: TDashboardFigures; day: string } | undefined> {
  for (const snapshot of await snapshotsNear(db, organizationId, day, SNAPSHOT_TOLERANCE_DAYS)) {
    const stored = ZDashboardFigures.safeParse(snapshot.metrics);
    if (stored.success) return { figures: stored.data, day: snapshot.day };
  }
  return undefined;
}

/**
 * GET /intelligence/dashboard/stats: today's figures against a month ago. The month-ago figures are
 * the nearest readable snapshot of 30 days back (within 3 days); without one they are reconstructed
 * from the records' timestamps as of exactly 30 days ago (decision 034), and `comparison` says which.
 */
export async function dashboardStats(
  db: Database,
  organizationId: string,
  now = new Date(),
): Promise<TDashboardStats> {
  const { figures } = await snapshotFigures(db, organizationId, now);
  const monthAgo = new Date(now.getTime() - COMPARISON_DAYS * DAY_MS);
  const snapshot = await snapshotAround(db, organizationId, utcDay(monthAgo));
  const [previous, comparison] = snapshot
    ? [snapshot.figures, { basis: 'snapshot' as const, day: snapshot.day }]
    : [
        await figuresAt(db, organizationId, monthAgo),
        { basis: 'reconstructed' as const, day: utcDay(monthAgo) },
      ];

  return {
    active_deals: countStat(figures.active_deals, previous.active_deals),
    companies_tracked: countStat(figures.companies_tracked, previous.companies_tracked),
    high_priority_alerts: countStat(figures.high_priority_alerts, previous.high_priority_alerts),
    deal_conversion: {
      ...rateStat(
        conversionRate(figures.deals_closed, figures.deals_decided),
        conversionRate(previous.deals_closed, previous.deals_decided),
      ),
      closed: figures.deals_closed,
      decided: figures.deals_decided,
    },
    comparison,
    as_of: now.toISOString(),
  };
}
