import { DEAL_STAGES, STAGE_LABELS, type TDealStage, type TRedFlagLevel } from '@atempo/contracts';
import { isoOf, numberOf, numberOrNull } from '../../../platform/sql-rows.ts';
import { companyNamesByIds } from '../../companies/index.ts';
import {
  type DealRankingColumn,
  pipelineAggregates,
  portfolioGroups,
  rankedDeals,
} from '../../deals/index.ts';
import { dealCitation, euros, portfolioCitation } from './citations.ts';
import type { ToolContext } from './tool.ts';
import { defineTool } from './tool.ts';

const RED_FLAG_LEVEL_LABELS: Record<TRedFlagLevel, string> = {
  reject: 'Critical Risk',
  high_risk: 'High Risk',
  moderate_risk: 'Moderate Risk',
  low_risk: 'Low Risk',
};
const LEVEL_ORDER: (TRedFlagLevel | null)[] = ['reject', 'high_risk', 'moderate_risk', 'low_risk', null];
const GROUPING_NAMES = {
  stage: 'stage',
  sector: 'sector',
  geography: 'geography',
  red_flag_level: 'red-flag level',
  funding_stage: "company's funding stage",
};

const round2 = (value: number) => Math.round(value * 100) / 100;
/** Averages of fractions to a hundredth of a percent. */
const round4 = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);
const percentOf = (fraction: number) => `${round2(fraction * 100)}%`;

/** The deals at the top of a ranking, with their companies' names (their companies read in one batch). */
async function rankedDealsNamed(
  context: ToolContext,
  by: DealRankingColumn,
  input: {
    order?: 'desc' | 'asc';
    rank_limit?: number;
    stages?: TDealStage[];
    red_flag_level?: TRedFlagLevel;
  },
) {
  const rows = await rankedDeals(context.db, context.organizationId, {
    by,
    order: input.order ?? 'desc',
    limit: input.rank_limit ?? 5,
    ...(input.stages ? { stages: input.stages } : {}),
    ...(input.red_flag_level ? { redFlagLevel: input.red_flag_level } : {}),
  });
  const names = new Map(
    (
      await companyNamesByIds(
        context.db,
        context.organizationId,
        rows.map((row) => row.company_id),
      )
    ).map((company) => [company.id, company.name]),
  );
  return rows.map((row) => ({
    deal_id: row.id,
    id: row.id,
    deal_number: row.deal_number,
    company_name: names.get(row.company_id) ?? 'Unknown company',
    stage: row.stage,
    amount_requested: numberOf(row.amount_requested),
    thematic_score: numberOrNull(row.thematic_score),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  }));
}

export const analysePortfolioTool = defineTool(
  'analyse_portfolio',
  "The organisation's deals in aggregate: per deal stage, sector, geography, red-flag level or the company's funding stage (Seed, Series A, Series B…), the number of deals, the total and average amount requested and the average thematic score; by funding stage also the average recorded revenue growth and gross margin with how many deals had them. Then the totals; the open pipeline value of the deals selected (pipeline_value) and of the whole organisation (open_pipeline: deals neither closed nor rejected, as the Deals table and dashboard count them); how many deals are at Critical Risk; and conversion, closed ÷ (closed + rejected). Optionally only some deal stages, one red-flag level, some funding stages or the deals added since an instant (created_since). Amounts in EUR.",
  async (context, input) => {
    const [rows, aggregates, ranked] = await Promise.all([
      portfolioGroups(context.db, context.organizationId, input.group_by, input),
      pipelineAggregates(context.db, context.organizationId),
      input.rank_by ? rankedDealsNamed(context, input.rank_by, input) : Promise.resolve(null),
    ]);
    const groups = rows.map((row) => {
      const key = row.key ?? 'unspecified';
      let label = row.label ?? (row.key === null ? 'Not recorded' : row.key);
      if (input.group_by === 'stage') label = STAGE_LABELS[row.key as TDealStage] ?? label;
      if (input.group_by === 'red_flag_level') {
        label = row.key === null ? 'Not scored' : RED_FLAG_LEVEL_LABELS[row.key as TRedFlagLevel];
      }
      return {
        key: input.group_by === 'red_flag_level' && row.key === null ? 'not_scored' : key,
        label,
        count: numberOf(row.count),
        total_amount: numberOf(row.total_amount),
        average_amount: numberOrNull(row.average_amount),
        average_score: numberOrNull(row.average_score),
        ...(input.group_by === 'funding_stage'
          ? {
              average_revenue_growth: round4(numberOrNull(row.average_revenue_growth ?? null)),
              deals_with_revenue_growth: numberOf(row.deals_with_revenue_growth ?? 0),
              average_gross_margin: round4(numberOrNull(row.average_gross_margin ?? null)),
              deals_with_gross_margin: numberOf(row.deals_with_gross_margin ?? 0),
            }
          : {}),
        sortKey: row.key,
      };
    });
    // Stages and levels in their natural order; sectors and places by amount, largest first.
    if (input.group_by === 'stage') {
      groups.sort(
        (a, b) => DEAL_STAGES.indexOf(a.sortKey as TDealStage) - DEAL_STAGES.indexOf(b.sortKey as TDealStage),
      );
    } else if (input.group_by === 'red_flag_level') {
      groups.sort(
        (a, b) =>
          LEVEL_ORDER.indexOf(a.sortKey as TRedFlagLevel | null) -
          LEVEL_ORDER.indexOf(b.sortKey as TRedFlagLevel | null),
      );
    } else if (input.group_by === 'funding_stage') {
      // "Pre-Seed", "Seed", "Series A", "Series B"… read in order alphabetically; unrecorded last.
      groups.sort(
        (a, b) => Number(a.sortKey === null) - Number(b.sortKey === null) || a.label.localeCompare(b.label),
      );
    } else {
      groups.sort((a, b) => b.total_amount - a.total_amount || a.label.localeCompare(b.label));
    }
    const count = groups.reduce((sum, group) => sum + group.count, 0);
    // Sums of exact cents: rounding keeps 0.1 + 0.2 from showing as 0.30000000000000004.
    const totalAmount = round2(rows.reduce((sum, row) => sum + numberOf(row.total_amount), 0));
    const pipelineValue = round2(rows.reduce((sum, row) => sum + numberOf(row.open_amount), 0));
    const closed = rows.reduce((sum, row) => sum + numberOf(row.closed), 0);
    const rejected = rows.reduce((sum, row) => sum + numberOf(row.rejected), 0);
    const rate = closed + rejected > 0 ? closed / (closed + rejected) : null;
    const latest = rows
      .map((row) => (row.updated_at === null ? null : isoOf(row.updated_at)))
      .reduce<string | null>((max, at) => (at && (!max || at > max) ? at : max), null);
    const scope = [
      input.stages?.length ? `stages ${input.stages.map((stage) => STAGE_LABELS[stage]).join(', ')}` : null,
      input.red_flag_level ? `red-flag level ${RED_FLAG_LEVEL_LABELS[input.red_flag_level]}` : null,
      input.funding_stages?.length ? `funding stages ${input.funding_stages.join(', ')}` : null,
      input.created_since ? `added since ${input.created_since.slice(0, 10)}` : null,
    ].filter(Boolean);
    const source = `Portfolio: ${count} deal${count === 1 ? '' : 's'} by ${GROUPING_NAMES[input.group_by]}${
      scope.length > 0 ? ` (${scope.join('; ')})` : ''
    }`;
    const excerpt = [
      groups
        .map(
          (group) =>
            `${group.label}: ${group.count} deal${group.count === 1 ? '' : 's'}, ${euros(group.total_amount)}${
              group.deals_with_revenue_growth === undefined
                ? ''
                : `, average revenue growth ${
                    group.average_revenue_growth == null
                      ? 'not recorded'
                      : `${percentOf(group.average_revenue_growth)} (${group.deals_with_revenue_growth} deals)`
                  }, average gross margin ${
                    group.average_gross_margin == null
                      ? 'not recorded'
                      : `${percentOf(group.average_gross_margin)} (${group.deals_with_gross_margin} deals)`
                  }`
            }`,
        )
        .join('; '),
      `Total ${euros(totalAmount)} over ${count} deals`,
      `open pipeline ${euros(pipelineValue)}${
        scope.length > 0
          ? ` of these; the whole open pipeline ${euros(aggregates.open.amount)} over ${aggregates.open.count} deals`
          : ''
      }`,
      `${aggregates.critical_risk.count} deals at Critical Risk`,
      `conversion ${closed} closed of ${closed + rejected} decided${rate === null ? '' : ` (${round2(rate * 100)}%)`}`,
    ].join('. ');
    return {
      group_by: input.group_by,
      // Shares of the deals selected: "what percentage of deals are at Critical Risk".
      groups: groups.map(({ sortKey: _sortKey, ...group }) => ({
        ...group,
        count_share: count > 0 ? (round4(group.count / count) ?? 0) : 0,
        amount_share: totalAmount > 0 ? round4(group.total_amount / totalAmount) : null,
      })),
      totals: {
        count,
        total_amount: totalAmount,
        average_amount: count > 0 ? round2(totalAmount / count) : null,
      },
      pipeline_value: pipelineValue,
      // The whole organisation's, whatever the filter: the figures the Deals table and the
      // dashboard show (deals/pipeline-aggregates.ts).
      open_pipeline: { count: aggregates.open.count, value: aggregates.open.amount },
      critical_risk_deals: aggregates.critical_risk.count,
      conversion: { closed, rejected, rate },
      ...(ranked ? { ranked_deals: ranked.map(({ updated_at: _updated, id: _id, ...deal }) => deal) } : {}),
      currency: 'EUR' as const,
      citations: [
        ...(count > 0 ? [portfolioCitation(source, `${excerpt}.`, latest)] : []),
        ...(ranked ?? []).map((deal) =>
          dealCitation(
            deal,
            `Deal #${deal.deal_number}, ${STAGE_LABELS[deal.stage]}: requests ${euros(deal.amount_requested)}, thematic score ${
              deal.thematic_score ?? 'not scored'
            }, added ${deal.created_at.slice(0, 10)}.`,
          ),
        ),
      ],
    };
  },
);
