/**
 * The pipeline's aggregates, defined once (issue #18 §3): the Deals table and its filters, the
 * dashboard, the assistant's tools, the built-in analyst and the MCP server all read these, so the
 * same question gets the same number on every screen and in every answer.
 *
 * - Open pipeline: deals in any stage but the two decisions (closed, rejected); its value is the
 *   sum of amount_requested. Amounts are stored in the organisation's currency (EUR; the money
 *   columns of packages/db), so no conversion applies: every screen sums the stored amounts as they are.
 * - Critical risk: the Deals table's "Critical Risk" badge, red_flag_level = reject (spec 02 §4),
 *   which the scoring engine sets for any critical flag OR a red-flag score of 8 or more. Counting
 *   only deals that carry a critical-severity flag would miss the second kind.
 * - Stage totals: count and amount requested per stage, every stage included.
 *
 * "High priority" is a company's, not a deal's: monitoring_priority = high, as the Companies page
 * filters and counts it; the companies module keeps that one definition (company-lists.queries.ts
 * and the scoring stats read the same column), and the assistant's search_companies filters by it.
 */
import { DEAL_STAGES, type TDealStage, type TRedFlagLevel } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { numberOf, rowsOf } from '../../platform/sql-rows.ts';

/** The two decisions: a deal closed or rejected has left the pipeline. */
export const DECIDED_DEAL_STAGES: readonly TDealStage[] = ['closed', 'rejected'];

/** The stages of the open pipeline, in pipeline order. */
export const OPEN_DEAL_STAGES: readonly TDealStage[] = DEAL_STAGES.filter(
  (stage) => !DECIDED_DEAL_STAGES.includes(stage),
);

export const isOpenStage = (stage: TDealStage): boolean => OPEN_DEAL_STAGES.includes(stage);

/** The red-flag level the Deals table shows as "Critical Risk". */
export const CRITICAL_RISK_LEVEL: TRedFlagLevel = 'reject';

const stageList = (stages: readonly TDealStage[]) =>
  sql.join(
    stages.map((stage) => sql`${stage}`),
    sql`, `,
  );

/** SQL: the deal whose stage column is `stage` is in the open pipeline. */
export const openStageSql = (stage: SQL): SQL => sql`${stage} not in (${stageList(DECIDED_DEAL_STAGES)})`;

/** SQL: the deal whose level column is `level` shows "Critical Risk". */
export const criticalRiskSql = (level: SQL): SQL => sql`${level} = ${CRITICAL_RISK_LEVEL}`;

export interface StageTotal {
  stage: TDealStage;
  count: number;
  amount: number;
  /** Of these deals, how many show "Critical Risk". */
  critical_risk: number;
}

export interface PipelineAggregates {
  /** Every stage in pipeline order, zeros included. */
  stages: StageTotal[];
  open: { count: number; amount: number };
  all: { count: number; amount: number };
  /** Deals showing "Critical Risk": all of them, and those still open. */
  critical_risk: { count: number; open_count: number };
  decided: { closed: number; rejected: number };
  currency: 'EUR';
}

/** Sums of exact cents: rounding keeps 0.1 + 0.2 from showing as 0.30000000000000004. */
const cents = (value: number) => Math.round(value * 100) / 100;

/** The organisation's pipeline aggregates, from one grouped read of its deals. */
export async function pipelineAggregates(db: Database, organizationId: string): Promise<PipelineAggregates> {
  const rows = await rowsOf<{
    stage: string;
    count: number | string;
    amount: number | string;
    critical: number | string;
  }>(
    db,
    sql`select d.stage, count(*) as count, coalesce(sum(d.amount_requested), 0) as amount,
        count(*) filter (where ${criticalRiskSql(sql`d.red_flag_level`)}) as critical
      from deals d where d.organization_id = ${organizationId}
      group by d.stage`,
  );
  return aggregatesOf(
    rows.map((row) => ({
      stage: row.stage as TDealStage,
      count: numberOf(row.count),
      amount: numberOf(row.amount),
      critical_risk: numberOf(row.critical),
    })),
  );
}

/** The aggregates of per-stage rows (unknown stages are left out, as no screen shows them). */
export function aggregatesOf(rows: readonly StageTotal[]): PipelineAggregates {
  const byStage = new Map(rows.map((row) => [row.stage, row]));
  const stages = DEAL_STAGES.map(
    (stage) => byStage.get(stage) ?? { stage, count: 0, amount: 0, critical_risk: 0 },
  );
  const sum = (list: StageTotal[], pick: (row: StageTotal) => number) =>
    list.reduce((total, row) => total + pick(row), 0);
  const open = stages.filter((row) => isOpenStage(row.stage));
  return {
    stages: stages.map((row) => ({ ...row, amount: cents(row.amount) })),
    open: { count: sum(open, (row) => row.count), amount: cents(sum(open, (row) => row.amount)) },
    all: { count: sum(stages, (row) => row.count), amount: cents(sum(stages, (row) => row.amount)) },
    critical_risk: {
      count: sum(stages, (row) => row.critical_risk),
      open_count: sum(open, (row) => row.critical_risk),
    },
    decided: {
      closed: byStage.get('closed')?.count ?? 0,
      rejected: byStage.get('rejected')?.count ?? 0,
    },
    currency: 'EUR',
  };
}
