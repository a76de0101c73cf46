import { DEAL_STAGES, type TDashboardCharts } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { matchSector } from '@atempo/scoring';
import {
  dealsClosedPerMonth,
  dealsCreatedPerMonth,
  pipelineTotals,
  thematicScoreBuckets,
} from '../deals/index.ts';
import { fundingRoundsBySectorAndMonth } from '../funding-news/index.ts';
import { getThesis } from '../thesis/index.ts';

/** The charts cover the current month and the eleven before it. */
export const CHART_MONTHS = 12;

/** YYYY-MM of the last `count` UTC months ending with `now`'s, oldest first, and the first one's start. */
export function lastMonths(now: Date, count: number): { months: string[]; from: Date } {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(first.toISOString().slice(0, 7));
  }
  return { months, from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1)) };
}

/** Cents are exact in numeric; sums of them are kept to the cent after float addition. */
const cents = (value: number) => Math.round(value * 100) / 100;

/** GET /intelligence/dashboard/charts (decision 034). */
export async function dashboardCharts(
  db: Database,
  organizationId: string,
  now = new Date(),
): Promise<TDashboardCharts> {
  const { months, from } = lastMonths(now, CHART_MONTHS);
  const [stages, created, closed, buckets, rounds, thesis] = await Promise.all([
    pipelineTotals(db, organizationId),
    dealsCreatedPerMonth(db, organizationId, from),
    dealsClosedPerMonth(db, organizationId, from),
    thematicScoreBuckets(db, organizationId),
    fundingRoundsBySectorAndMonth(db, organizationId, from),
    getThesis(db, organizationId),
  ]);

  const countIn = (rows: { month: string; count: number }[], month: string) =>
    rows.find((row) => row.month === month)?.count ?? 0;

  // A round counts when its extracted sector belongs to a thesis sector, by the scoring's own rules.
  const inThesis = rounds.filter((row) => matchSector(row.sector, thesis) !== null);
  const fundingRounds = months.map((month) => {
    const ofMonth = inThesis.filter((row) => row.month === month);
    return {
      month,
      count: ofMonth.reduce((sum, row) => sum + row.count, 0),
      amount_eur: cents(ofMonth.reduce((sum, row) => sum + row.amount, 0)),
      amount_unknown: ofMonth.reduce((sum, row) => sum + row.unknown, 0),
    };
  });

  return {
    pipeline_by_stage: DEAL_STAGES.map((stage) => {
      const row = stages.find((entry) => entry.stage === stage);
      return { stage, count: row?.count ?? 0, amount_eur: row?.amount ?? 0 };
    }),
    deals_per_month: months.map((month) => ({
      month,
      created: countIn(created, month),
      closed: countIn(closed, month),
    })),
    score_distribution: Array.from({ length: 10 }, (_, from) => ({
      from,
      to: from + 1,
      count: buckets.find((row) => row.bucket === from)?.count ?? 0,
    })),
    funding_rounds_per_month: fundingRounds,
    thesis_sectors: Object.entries(thesis.target_sectors).map(([key, preference]) => preference.name ?? key),
    as_of: now.toISOString(),
  };
}
