import { RANKABLE_METRICS, type TRankableMetric } from '@atempo/contracts';
import { RECORD_METRICS } from '../../tools/metric-names.ts';
import { rankCitations } from '../citations.ts';
import { cell, count, figure, listing, money, percent } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { METRIC_CONCEPTS } from '../vocabulary.ts';
import { type Composed, noData } from './composed.ts';
import { answerRunwayRanking } from './runway-ranking.ts';

type RankingIntent = Extract<Intent, { kind: 'ranking' }>;
type FundingStagesIntent = Extract<Intent, { kind: 'funding_stages' }>;

const isRankable = (name: string): name is TRankableMetric =>
  (RANKABLE_METRICS as readonly string[]).includes(name);

/** "Which companies show the strongest revenue growth?": search_companies ranked by a recorded metric. */
export async function answerRanking(session: ToolSession, intent: RankingIntent): Promise<Composed> {
  if (intent.metric === 'runway') return answerRunwayRanking(session, intent);
  const concept = METRIC_CONCEPTS.find((c) => c.key === intent.metric);
  const field = concept?.names.find(isRankable);
  const label = concept?.label ?? intent.metric;
  const scope = intent.sector ? ` ${intent.sector}` : '';
  const related = [
    'Compare Series B vs Series C deals',
    'What is the total pipeline by stage?',
    'Which deals in due diligence have critical red flags?',
  ];
  if (!field) {
    return noData(
      `Companies' ${label} is not recorded as a financial fact, so I cannot rank companies by it. Ask about one company's ${label} instead; it may be in its documents.`,
      related,
    );
  }
  const output = await session.call(
    'search_companies',
    {
      rank_by: field,
      order: intent.order,
      ...(intent.sector ? { sector: intent.sector } : {}),
      limit: intent.limit ?? 5,
    },
    `Ranking companies by ${label}…`,
  );
  if (output.companies.length === 0) {
    return noData(
      `No${scope} company has its ${label} recorded, so there is nothing to rank. Upload financial statements or board reports, or add ${label} to the companies' financial facts.`,
      related,
    );
  }
  const unit = RECORD_METRICS[field]?.unit ?? 'count';
  const best = intent.order === 'desc' ? 'highest' : 'lowest';
  const lines = [
    `The${scope} companies with the ${best} ${label} (of ${count(output.total)} with it recorded):`,
    ...output.companies.map(
      (c) => `- **${c.name}**: ${figure(c.value ?? 0, unit)}${c.industry ? ` (${c.industry})` : ''}`,
    ),
  ];
  const first = output.companies[0];
  if (first) related.unshift(`What is ${first.name}'s latest financial status?`);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { orderIds: output.companies.map((c) => c.id) }),
    related: related.slice(0, 3),
    completeness: 1,
  };
}

/** "Compare Series B vs Series C deals": analyse_portfolio by the company's funding stage. */
export async function answerFundingStages(
  session: ToolSession,
  intent: FundingStagesIntent,
): Promise<Composed> {
  const output = await session.call(
    'analyse_portfolio',
    { group_by: 'funding_stage', funding_stages: intent.stages },
    `Comparing ${listing(intent.stages)} deals…`,
  );
  const groups = output.groups;
  const related = [
    'Which companies show the strongest revenue growth?',
    'What is the average deal size?',
    'Show the portfolio by sector',
  ];
  const missing = intent.stages.filter((s) => !groups.some((g) => g.key === s.toLowerCase()));
  if (groups.length === 0) {
    return noData(
      `No deal is with a ${listing(intent.stages, 'or')} company (by the company's funding stage), so there is nothing to compare. Record the companies' funding stage to compare them.`,
      related,
    );
  }
  const optional = (value: number | null | undefined, write: (v: number) => string) =>
    value === null || value === undefined ? 'not in the data' : write(value);
  const lines = [
    `Deals by the company's funding stage, ${listing(groups.map((g) => g.label))}:`,
    '',
    `| | ${groups.map((g) => cell(g.label)).join(' | ')} |`,
    `|---|${groups.map(() => '---:').join('|')}|`,
    `| Deals | ${groups.map((g) => count(g.count)).join(' | ')} |`,
    `| Amount requested | ${groups.map((g) => money(g.total_amount)).join(' | ')} |`,
    `| Average request | ${groups.map((g) => optional(g.average_amount, money)).join(' | ')} |`,
    `| Average revenue growth | ${groups.map((g) => optional(g.average_revenue_growth, percent)).join(' | ')} |`,
    `| Average gross margin | ${groups.map((g) => optional(g.average_gross_margin, percent)).join(' | ')} |`,
    `| Average thematic score | ${groups.map((g) => optional(g.average_score, (v) => `${Math.round(v * 10) / 10}`)).join(' | ')} |`,
  ];
  if (missing.length > 0) lines.push('', `No deal is with a ${listing(missing)} company.`);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations),
    related,
    completeness: missing.length === 0 ? 1 : 0.6,
  };
}
