import { citation } from '../citations.ts';
import { cell, count, figure, listing, money, percent } from '../format.ts';
import type { Intent } from '../intents.ts';
import {
  compareFundingStages,
  RANKABLE_METRICS,
  rankCompaniesByMetric,
} from '../portfolio-insights.repository.ts';
import type { ToolSession } from '../session.ts';
import { METRIC_CONCEPTS } from '../vocabulary.ts';
import { type Composed, noData } from './composed.ts';

type RankingIntent = Extract<Intent, { kind: 'ranking' }>;
type FundingStagesIntent = Extract<Intent, { kind: 'funding_stages' }>;

const UNITS: Record<string, 'currency' | 'fraction' | 'months' | 'count'> = {
  revenue: 'currency',
  arr: 'currency',
  revenue_growth: 'fraction',
  gross_margin: 'fraction',
  monthly_burn: 'currency',
  cash: 'currency',
  runway_months: 'months',
  monthly_churn: 'fraction',
  net_revenue_retention: 'fraction',
  cac_payback_months: 'months',
  employee_count: 'count',
  last_round_amount: 'currency',
};

/** "Which companies show the strongest revenue growth?": companies ranked by a recorded metric. */
export async function answerRanking(session: ToolSession, intent: RankingIntent): Promise<Composed> {
  const concept = METRIC_CONCEPTS.find((c) => c.key === intent.metric);
  const field = concept?.names.find((n) => RANKABLE_METRICS.has(n));
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
  const { db, organizationId } = session.context;
  const output = await session.read(`Ranking companies by ${label}…`, () =>
    rankCompaniesByMetric(db, organizationId, {
      metric: field,
      order: intent.order,
      sector: intent.sector,
      limit: 5,
    }),
  );
  if (output.companies.length === 0) {
    return noData(
      `No${scope} company has its ${label} recorded, so there is nothing to rank. Upload financial statements or board reports, or add ${label} to the companies' financial facts.`,
      related,
    );
  }
  const unit = UNITS[field] ?? 'count';
  const best = intent.order === 'desc' ? 'highest' : 'lowest';
  const lines = [
    `The${scope} companies with the ${best} ${label} (of ${count(output.companies_with_metric)} with it recorded):`,
    ...output.companies.map(
      (c) => `- **${c.name}**: ${figure(c.value, unit)}${c.industry ? ` (${c.industry})` : ''}`,
    ),
  ];
  const first = output.companies[0];
  if (first) related.unshift(`What is ${first.name}'s latest financial status?`);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: output.companies.map((c, i) =>
      citation(
        c.name,
        `${label}: ${figure(c.value, unit)} (company financial facts)`,
        { kind: 'company', id: c.id, location: null },
        0.95 - i * 0.05,
        c.updated_at,
      ),
    ),
    related: related.slice(0, 3),
    completeness: 1,
  };
}

/** "Compare Series B vs Series C deals": deals grouped by their company's funding stage. */
export async function answerFundingStages(
  session: ToolSession,
  intent: FundingStagesIntent,
): Promise<Composed> {
  const { db, organizationId } = session.context;
  const groups = await session.read(`Comparing ${listing(intent.stages)} deals…`, () =>
    compareFundingStages(db, organizationId, intent.stages),
  );
  const related = [
    'Which companies show the strongest revenue growth?',
    'What is the average deal size?',
    'Show the portfolio by sector',
  ];
  const missing = intent.stages.filter(
    (s) => !groups.some((g) => g.funding_stage.toLowerCase() === s.toLowerCase()),
  );
  if (groups.length === 0) {
    return noData(
      `No deal is with a ${listing(intent.stages, 'or')} company (by the company's funding stage), so there is nothing to compare. Record the companies' funding stage to compare them.`,
      related,
    );
  }
  const optional = (value: number | null, write: (v: number) => string) =>
    value === null ? 'not in the data' : write(value);
  const lines = [
    `Deals by the company's funding stage, ${listing(groups.map((g) => g.funding_stage))}:`,
    '',
    `| | ${groups.map((g) => cell(g.funding_stage)).join(' | ')} |`,
    `|---|${groups.map(() => '---:').join('|')}|`,
    `| Deals | ${groups.map((g) => count(g.deals)).join(' | ')} |`,
    `| Amount requested | ${groups.map((g) => money(g.total_amount)).join(' | ')} |`,
    `| Average request | ${groups.map((g) => money(g.average_amount)).join(' | ')} |`,
    `| Average revenue growth | ${groups.map((g) => optional(g.average_revenue_growth, percent)).join(' | ')} |`,
    `| Average gross margin | ${groups.map((g) => optional(g.average_gross_margin, percent)).join(' | ')} |`,
    `| Average thematic score | ${groups.map((g) => optional(g.average_thematic_score, (v) => `${Math.round(v * 10) / 10}`)).join(' | ')} |`,
  ];
  if (missing.length > 0) lines.push('', `No deal is with a ${listing(missing)} company.`);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: groups.map((g) =>
      citation(
        `Portfolio: ${g.funding_stage} deals`,
        `${g.deals} deals, ${money(g.total_amount)} requested`,
        { kind: 'portfolio', id: null, location: null },
        0.9,
        null,
      ),
    ),
    related,
    completeness: missing.length === 0 ? 1 : 0.6,
  };
}
