import { DEFAULT_THESIS, STAGE_LABELS, type TDealStage } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { calculate } from '@atempo/scoring';
import { sql } from 'drizzle-orm';
import { figuresIn, findUnsupportedFigures } from '../../../platform/ai/figure-check.ts';
import type { PipelineAggregates } from '../../deals/index.ts';
import type { AssistantOrganisation } from '../assistant.fixtures.ts';
import type { AnswerDraft } from '../engine.ts';
import { count, figure, money, months, percent } from './format.ts';

/**
 * The analyst's question set of issue #18 §3 over the seeded organisation of assistant.fixtures.ts:
 * multi-part questions, aggregates, superlatives, calculations on the question's own figures,
 * questions about the future and questions the data cannot answer. Every expected figure is
 * computed here from the seeded deals and the shared aggregate definitions
 * (deals/pipeline-aggregates.ts) or from the question's own numbers through the same calculations
 * the tools run, never written in by hand: the test (question-set.test.ts) and the bench
 * (bench/assistant-question-set.ts) grade the same set the same way.
 */

/**
 * Makes the seeded pipeline one where the naive definitions give other numbers than the screens:
 * Kraken (qualified, open) as the engine leaves a deal whose high flags add up past 8 — Critical
 * Risk on the Deals table with no single critical flag — and Tulip (lead) with high flags that are
 * not critical (High Risk). The seed already holds closed and rejected deals.
 */
export async function makeNaiveDefinitionsDiffer(db: Database, org: AssistantOrganisation): Promise<void> {
  const highFlags = [
    { severity: 'high', category: 'financial', description: 'Monthly churn above 3%' },
    { severity: 'high', category: 'financial', description: 'Gross margin under the thesis minimum' },
    { severity: 'high', category: 'operational', description: 'Customer concentration above 40%' },
  ];
  await db.execute(
    sql`update deals set red_flag_level = 'reject', red_flag_score = 8.4, red_flags = ${JSON.stringify(highFlags)}::jsonb
      where id = ${org.deals.kraken.id}`,
  );
  await db.execute(
    sql`update deals set red_flag_level = 'high_risk', red_flag_score = 5.2, red_flags = ${JSON.stringify(highFlags.slice(0, 2))}::jsonb
      where id = ${org.deals.tulip.id}`,
  );
}

/** The earliest deals, moved back before any "this month" or "last 30 days" window. */
function earliestDeals(org: AssistantOrganisation) {
  return [...Object.values(org.deals)].sort((a, b) => a.dealNumber - b.dealNumber).slice(0, 4);
}

/**
 * Makes "deals added in a period" differ from all deals: the four earliest deals (by number, so
 * the oldest-first order is kept) are dated 45 days earlier. Run before the question set only.
 */
export async function backdateEarliestDeals(db: Database, org: AssistantOrganisation): Promise<void> {
  for (const deal of earliestDeals(org)) {
    await db.execute(
      sql`update deals set created_at = created_at - interval '45 days' where id = ${deal.id}`,
    );
  }
}

export type QuestionKind =
  | 'aggregate'
  | 'multi_part'
  | 'superlative'
  | 'supplied_calculation'
  | 'future'
  | 'unanswerable';

export interface SetQuestion {
  q: string;
  kind: QuestionKind;
  /** answer: every `says` must be in the answer; decline: no_data or clarification, no figure. */
  expect: 'answer' | 'decline';
  says?: string[];
  /** The answer must begin with this (a count stated first). */
  first?: string;
}

export type Grade = 'correct' | 'declined' | 'wrong';

export interface Graded {
  q: string;
  kind: QuestionKind;
  grade: Grade;
  /** Figures stated that neither the tools' outputs nor the question hold. */
  invented: string[];
  /** Why it is wrong, for reading the failures. */
  missing: string[];
  /** An answer with at least one citation. */
  cited: boolean;
}

const deals = (org: AssistantOrganisation) => Object.values(org.deals);
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** The one deal at the end of an order (ties by deal number, as the tool breaks them). */
function extreme<T extends { dealNumber: number }>(
  list: T[],
  key: (item: T) => number,
  order: 'desc' | 'asc',
): T {
  const sorted = [...list].sort(
    (a, b) => (order === 'desc' ? key(b) - key(a) : key(a) - key(b)) || a.dealNumber - b.dealNumber,
  );
  return sorted[0]!;
}

function stagePart(aggregates: PipelineAggregates, stage: TDealStage): string {
  const row = aggregates.stages.find((s) => s.stage === stage)!;
  return `${count(row.count)} in ${STAGE_LABELS[stage]}${row.count > 0 ? ` (${money(row.amount)})` : ''}`;
}

/** A calculation on given figures, as calculate_metrics works it out. */
function calculated(name: Parameters<typeof calculate>[0], inputs: Record<string, number>): number {
  const values = Object.fromEntries(
    Object.entries(inputs).map(([k, value]) => [k, { value, source: 'given' }]),
  );
  const result = calculate(name, values, DEFAULT_THESIS).result;
  if (result === null) throw new Error(`${name} gave no result for ${JSON.stringify(inputs)}`);
  return result;
}

/** The deals with no red flag at all, once makeNaiveDefinitionsDiffer has flagged Kraken and Tulip. */
function cleanDeals(org: AssistantOrganisation) {
  return deals(org).filter(
    (d) => d.redFlags.length === 0 && d.id !== org.deals.kraken.id && d.id !== org.deals.tulip.id,
  );
}

/** The companies that have a recorded metric, with its value. */
function recorded(org: AssistantOrganisation, metric: string): { name: string; value: number }[] {
  return Object.values(org.companies).flatMap((c) => {
    const value = (c.metrics as Record<string, unknown>)[metric];
    return typeof value === 'number' ? [{ name: c.name, value }] : [];
  });
}

/** Runway (cash ÷ monthly burn) of the companies with both recorded, shortest first. */
function runways(org: AssistantOrganisation) {
  return Object.values(org.companies)
    .flatMap((c) =>
      typeof c.metrics.cash === 'number' &&
      typeof c.metrics.monthly_burn === 'number' &&
      c.metrics.monthly_burn > 0
        ? [
            {
              name: c.name,
              runway: calculated('runway', { cash: c.metrics.cash, monthly_burn: c.metrics.monthly_burn }),
            },
          ]
        : [],
    )
    .sort((a, b) => a.runway - b.runway);
}

/** The sector(s) with the most deals, as the answer names them ("**Healthtech**"). */
function leadingSectors(org: AssistantOrganisation): string {
  const counts = new Map<string, number>();
  for (const deal of deals(org)) counts.set(deal.sector, (counts.get(deal.sector) ?? 0) + 1);
  const most = Math.max(...counts.values());
  const names = [...counts].filter(([, n]) => n === most).map(([name]) => `**${name}**`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function questionSet(org: AssistantOrganisation, aggregates: PipelineAggregates): SetQuestion[] {
  const all = deals(org);
  const largest = extreme(all, (d) => d.amount, 'desc');
  const smallest = extreme(all, (d) => d.amount, 'asc');
  const newest = extreme(all, (d) => d.dealNumber, 'desc');
  const oldest = extreme(all, (d) => d.dealNumber, 'asc');
  const scored = all.filter((d) => d.thematicScore !== null);
  const bestScored = extreme(scored, (d) => d.thematicScore ?? 0, 'desc');
  const dueDiligence = aggregates.stages.find((s) => s.stage === 'due_diligence')!;
  const icReview = aggregates.stages.find((s) => s.stage === 'ic_review')!;
  const critical = aggregates.critical_risk.count;
  const open = aggregates.open;
  const byRevenue = Object.values(org.companies)
    .filter((c) => typeof c.metrics.revenue === 'number')
    .sort((a, b) => (b.metrics.revenue as number) - (a.metrics.revenue as number));
  const biggestCompany = byRevenue[0]!;
  const smallestCompany = byRevenue.at(-1)!;
  const worstScored = extreme(scored, (d) => d.thematicScore ?? 0, 'asc');
  const backdated = new Set(earliestDeals(org).map((d) => d.id));
  const recent = all.filter((d) => !backdated.has(d.id));
  const arr = recorded(org, 'arr');
  const margins = recorded(org, 'gross_margin');
  const shortestRunway = runways(org)[0]!;
  const richer = [org.companies.acme, org.companies.beta].sort(
    (a, b) => (b.metrics.cash as number) - (a.metrics.cash as number),
  )[0]!;

  return [
    // Aggregates: the same numbers as the Deals table, its filters and the dashboard.
    {
      q: 'How many deals have critical red flags?',
      kind: 'aggregate',
      expect: 'answer',
      first: `${plural(critical, 'deal')} ${critical === 1 ? 'has' : 'have'} critical red flags`,
    },
    {
      q: 'What is the open pipeline worth?',
      kind: 'aggregate',
      expect: 'answer',
      says: [money(open.amount), plural(open.count, 'deal')],
    },
    {
      q: 'Which deals are in IC review and at term sheet?',
      kind: 'aggregate',
      expect: 'answer',
      says: [stagePart(aggregates, 'ic_review'), stagePart(aggregates, 'term_sheet')],
    },
    {
      q: 'What is the pipeline value of deals in IC review and term sheet?',
      kind: 'aggregate',
      expect: 'answer',
      says: [
        stagePart(aggregates, 'ic_review'),
        stagePart(aggregates, 'term_sheet'),
        `The whole open pipeline (deals not closed or rejected) is ${plural(open.count, 'deal')} worth ${money(open.amount)}`,
      ],
    },
    {
      q: 'How many deals are in due diligence?',
      kind: 'aggregate',
      expect: 'answer',
      first: `There ${dueDiligence.count === 1 ? 'is' : 'are'} ${plural(dueDiligence.count, 'deal')} in Due Diligence`,
    },
    {
      q: 'What is the total pipeline by stage?',
      kind: 'aggregate',
      expect: 'answer',
      says: aggregates.stages
        .filter((s) => s.count > 0)
        .map((s) => `| ${STAGE_LABELS[s.stage]} | ${count(s.count)} | ${money(s.amount)} |`),
    },
    {
      q: 'Which deals are in due diligence?',
      kind: 'aggregate',
      expect: 'answer',
      first: `There ${dueDiligence.count === 1 ? 'is' : 'are'} ${plural(dueDiligence.count, 'deal')} in Due Diligence`,
      says: all
        .filter((d) => d.stage === 'due_diligence')
        .map((d) => `- **${d.companyName}** (deal #${d.dealNumber}`),
    },
    {
      q: 'Which deals have no red flags?',
      kind: 'aggregate',
      expect: 'answer',
      first: `${plural(cleanDeals(org).length, 'deal')} ${cleanDeals(org).length === 1 ? 'has' : 'have'} no red flags`,
      says: cleanDeals(org).map((d) => `- **${d.companyName}** (${STAGE_LABELS[d.stage]})`),
    },
    // Two parts: both answered.
    {
      q: 'How many deals are in IC review and what is the open pipeline worth?',
      kind: 'multi_part',
      expect: 'answer',
      says: [`${plural(icReview.count, 'deal')} in IC Review`, money(open.amount)],
    },
    {
      q: 'Which deals have critical red flags, and which is the largest deal?',
      kind: 'multi_part',
      expect: 'answer',
      says: [
        `${plural(critical, 'deal')} ${critical === 1 ? 'has' : 'have'} critical red flags`,
        `The largest deal is **${largest.companyName}**`,
      ],
    },
    {
      q: 'How many deals are in due diligence and which of them have critical red flags?',
      kind: 'multi_part',
      expect: 'answer',
      says: [
        `${plural(dueDiligence.count, 'deal')} in Due Diligence`,
        `${plural(dueDiligence.critical_risk, 'deal')} in Due Diligence ${dueDiligence.critical_risk === 1 ? 'has' : 'have'} critical red flags`,
      ],
    },
    {
      q: `What is the largest deal? And how much cash does ${org.companies.beta.name} have?`,
      kind: 'multi_part',
      expect: 'answer',
      says: [`**${largest.companyName}**`, money(org.companies.beta.metrics.cash as number)],
    },
    // Superlatives.
    {
      q: 'What is our largest deal?',
      kind: 'superlative',
      expect: 'answer',
      says: [`The largest deal is **${largest.companyName}**`, money(largest.amount)],
    },
    {
      q: 'Which is the smallest deal in the pipeline?',
      kind: 'superlative',
      expect: 'answer',
      says: [`The smallest deal is **${smallest.companyName}**`, money(smallest.amount)],
    },
    {
      q: 'What is the most recent deal?',
      kind: 'superlative',
      expect: 'answer',
      says: [`The most recent deal is **${newest.companyName}** (deal #${newest.dealNumber}`],
    },
    {
      q: 'Which is the oldest deal?',
      kind: 'superlative',
      expect: 'answer',
      says: [`The oldest deal is **${oldest.companyName}** (deal #${oldest.dealNumber}`],
    },
    {
      q: 'Which deal has the highest score?',
      kind: 'superlative',
      expect: 'answer',
      says: [`The highest-scored deal is **${bestScored.companyName}**`],
    },
    {
      q: 'Show the 3 largest deals',
      kind: 'superlative',
      expect: 'answer',
      says: [
        'The largest deals (of',
        ...[...all]
          .sort((a, b) => b.amount - a.amount || a.dealNumber - b.dealNumber)
          .slice(0, 3)
          .map((d, i) => `${i + 1}. **${d.companyName}**`),
      ],
    },
    {
      q: 'Which is our largest company?',
      kind: 'superlative',
      expect: 'answer',
      says: [`**${biggestCompany.name}**`],
    },
    {
      q: 'What was the last deal we added?',
      kind: 'superlative',
      expect: 'answer',
      says: [`**${newest.companyName}** (deal #${newest.dealNumber}`],
    },
    {
      q: 'Which deal has the lowest thematic score?',
      kind: 'superlative',
      expect: 'answer',
      says: [`The lowest-scored deal is **${worstScored.companyName}**`],
    },
    {
      q: 'Which deal has been in the pipeline the longest?',
      kind: 'superlative',
      expect: 'answer',
      says: [`**${oldest.companyName}** (deal #${oldest.dealNumber}`],
    },
    {
      q: 'Which company has the smallest revenue?',
      kind: 'superlative',
      expect: 'answer',
      says: [
        'with the lowest revenue',
        `- **${smallestCompany.name}**: ${money(smallestCompany.metrics.revenue as number)}`,
      ],
    },
    {
      q: 'Which sector has the most deals?',
      kind: 'superlative',
      expect: 'answer',
      first: `Sector with the most deals: ${leadingSectors(org)}`,
    },
    {
      q: 'Top 3 companies by ARR',
      kind: 'superlative',
      expect: 'answer',
      says: Object.values(org.companies)
        .filter((c) => typeof c.metrics.arr === 'number')
        .sort((a, b) => (b.metrics.arr as number) - (a.metrics.arr as number))
        .slice(0, 3)
        .map((c) => `- **${c.name}**: ${money(c.metrics.arr as number)}`),
    },
    // Paraphrases: a superlative with no deal word, sums and averages over companies, runway ranked
    // from recorded cash and burn (today's figures, not a forecast), a comparison's second part.
    {
      q: "What is the most we've been asked for?",
      kind: 'superlative',
      expect: 'answer',
      says: [`The largest deal is **${largest.companyName}**`, money(largest.amount)],
    },
    {
      q: 'How many deals were added in the last 30 days?',
      kind: 'aggregate',
      expect: 'answer',
      first: `There ${recent.length === 1 ? 'is' : 'are'} ${plural(recent.length, 'deal')} added in the last 30 days`,
      says: [money(recent.reduce((sum, d) => sum + d.amount, 0))],
    },
    {
      q: 'What is 10% of our open pipeline?',
      kind: 'aggregate',
      expect: 'answer',
      first: `10% of the open pipeline is ${money(calculated('percentage_of', { percent: 0.1, amount: open.amount }))}`,
    },
    {
      q: 'What percentage of deals are at critical risk?',
      kind: 'aggregate',
      expect: 'answer',
      first: `${percent(critical / all.length)} of deals are at Critical Risk: ${count(critical)} of ${plural(all.length, 'deal')}`,
    },
    {
      q: 'What is the total ARR across the portfolio?',
      kind: 'aggregate',
      expect: 'answer',
      first: `The total ARR is ${money(arr.reduce((sum, c) => sum + c.value, 0))}, over the ${count(arr.length)} ${arr.length === 1 ? 'company' : 'companies'} with ARR recorded`,
    },
    {
      q: 'What is the average gross margin of our companies?',
      kind: 'aggregate',
      expect: 'answer',
      first: `The average gross margin is ${percent(margins.reduce((sum, c) => sum + c.value, 0) / margins.length)}`,
    },
    {
      q: 'Which company will run out of cash first?',
      kind: 'superlative',
      expect: 'answer',
      first: `Shortest runway on the recorded figures: **${shortestRunway.name}**, ${months(shortestRunway.runway)}`,
    },
    {
      q: `Compare ${org.companies.acme.name} and ${org.companies.beta.name} on runway and tell me which has more cash`,
      kind: 'multi_part',
      expect: 'answer',
      says: [`Highest cash: **${richer.name}** (${money(richer.metrics.cash as number)})`],
    },
    // A deal's own red flags: the count first, as its red-flag summary counts them.
    {
      q: `How many critical red flags does ${org.companies.beta.name} have?`,
      kind: 'aggregate',
      expect: 'answer',
      first: `**${org.companies.beta.name}** has ${plural(
        org.deals.beta.redFlags.filter((f) => f.severity === 'critical').length,
        'critical red flag',
      )}`,
    },
    // Calculations whose inputs the question gives.
    {
      q: 'If cash is €3M and burn €250k a month, what runway do they have?',
      kind: 'supplied_calculation',
      expect: 'answer',
      says: [`the runway is ${figure(calculated('runway', { cash: 3e6, monthly_burn: 250e3 }), 'months')}`],
    },
    {
      q: 'If revenue is €2M and burn €150k a month, what runway?',
      kind: 'supplied_calculation',
      expect: 'answer',
      says: [`the runway is ${figure(calculated('runway', { cash: 2e6, monthly_burn: 150e3 }), 'months')}`],
    },
    {
      q: 'What is 15% of €4M?',
      kind: 'supplied_calculation',
      expect: 'answer',
      says: [money(calculated('percentage_of', { percent: 0.15, amount: 4e6 }))],
    },
    {
      q: "What's the burn multiple if net burn is €3M a year and net new ARR is €2M?",
      kind: 'supplied_calculation',
      expect: 'answer',
      says: [
        `the burn multiple is ${figure(calculated('burn_multiple', { monthly_burn: 3e6 / 12, net_new_arr: 2e6 }), 'ratio')}`,
      ],
    },
    {
      q: 'If growth is 40% and EBITDA margin is -10%, what is the Rule of 40 score?',
      kind: 'supplied_calculation',
      expect: 'answer',
      says: [
        `is ${figure(calculated('rule_of_40', { revenue_growth: 0.4, ebitda_margin: -0.1 }), 'percent_points')}`,
      ],
    },
    {
      q: 'If a company has €5M in the bank and burns €400k per month, how long is its runway?',
      kind: 'supplied_calculation',
      expect: 'answer',
      says: [`the runway is ${figure(calculated('runway', { cash: 5e6, monthly_burn: 400e3 }), 'months')}`],
    },
    // The future and scenarios: declined, no figure.
    { q: `What will ${org.companies.acme.name}'s revenue be next year?`, kind: 'future', expect: 'decline' },
    { q: `Will ${org.companies.beta.name} default on its loan?`, kind: 'future', expect: 'decline' },
    { q: `How much ARR will ${org.companies.kraken.name} have in 2031?`, kind: 'future', expect: 'decline' },
    { q: 'Predict our pipeline value for next quarter', kind: 'future', expect: 'decline' },
    { q: 'What will the pipeline look like in 6 months?', kind: 'future', expect: 'decline' },
    {
      q: `What would ${org.companies.beta.name}'s runway be if burn doubled?`,
      kind: 'future',
      expect: 'decline',
    },
    { q: `Is ${org.companies.helix.name} going to survive?`, kind: 'future', expect: 'decline' },
    // The data cannot answer: declined, no figure.
    { q: `What is ${org.companies.atlas.name}'s ARR?`, kind: 'unanswerable', expect: 'decline' },
    { q: "What is Zephyr Robotics' burn?", kind: 'unanswerable', expect: 'decline' },
    { q: 'What is the weather in Paris tomorrow?', kind: 'unanswerable', expect: 'decline' },
    { q: `Who is the CEO of ${org.companies.acme.name}?`, kind: 'unanswerable', expect: 'decline' },
    {
      q: `What is the interest rate on the ${org.companies.fjord.name} loan?`,
      kind: 'unanswerable',
      expect: 'decline',
    },
  ];
}

/** How the question's answer grades: correct, declined (when it should), or wrong; invented figures. */
export function grade(question: SetQuestion, draft: AnswerDraft, toolOutputs: unknown[]): Graded {
  const invented =
    question.expect === 'decline'
      ? figuresIn(draft.answer)
          .map((f) => f.text)
          .filter((text) => findUnsupportedFigures(text, [], [question.q]).length > 0)
      : findUnsupportedFigures(draft.answer, toolOutputs, [question.q]);
  const missing: string[] = [];
  if (question.expect === 'decline') {
    if (draft.response_type === 'answer')
      missing.push(`answered (${draft.response_type}) instead of declining`);
    return {
      q: question.q,
      kind: question.kind,
      grade: missing.length === 0 && invented.length === 0 ? 'declined' : 'wrong',
      invented,
      missing,
      cited: false,
    };
  }
  if (draft.response_type !== 'answer') missing.push(`response_type ${draft.response_type}`);
  for (const text of question.says ?? []) if (!draft.answer.includes(text)) missing.push(text);
  if (question.first && !draft.answer.startsWith(question.first)) missing.push(`first: ${question.first}`);
  return {
    q: question.q,
    kind: question.kind,
    grade: missing.length === 0 && invented.length === 0 ? 'correct' : 'wrong',
    invented,
    missing,
    cited: draft.citations.length > 0,
  };
}

/** The tally a bench prints: correct, declined, wrong and invented figures, per kind too. */
export function tally(graded: Graded[]) {
  const by = (list: Graded[]) => ({
    questions: list.length,
    correct: list.filter((g) => g.grade === 'correct').length,
    correct_and_cited: list.filter((g) => g.grade === 'correct' && g.cited).length,
    declined: list.filter((g) => g.grade === 'declined').length,
    wrong: list.filter((g) => g.grade === 'wrong').length,
    invented_figures: list.reduce((sum, g) => sum + g.invented.length, 0),
  });
  const kinds = [...new Set(graded.map((g) => g.kind))];
  return {
    ...by(graded),
    by_kind: Object.fromEntries(kinds.map((k) => [k, by(graded.filter((g) => g.kind === k))])),
  };
}
