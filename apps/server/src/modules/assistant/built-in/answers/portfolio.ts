import { STAGE_LABELS, type TDealStage } from '@atempo/contracts';
import { OPEN_DEAL_STAGES } from '../../../deals/index.ts';
import { rankCitations } from '../citations.ts';
import { cell, count, listing, money, percent } from '../format.ts';
import type { Intent } from '../intents.ts';
import { normaliseWords } from '../question.ts';
import type { ToolSession } from '../session.ts';
import { SECTOR_PHRASES } from '../vocabulary.ts';
import { type Composed, noData, RED_FLAG_LEVEL_LABELS } from './composed.ts';

type PortfolioIntent = Extract<Intent, { kind: 'portfolio' }>;

const GROUP_NAMES = {
  stage: 'stage',
  sector: 'sector',
  geography: 'geography',
  red_flag_level: 'red flag level',
  funding_stage: 'funding stage',
};

export async function answerPortfolio(session: ToolSession, intent: PortfolioIntent): Promise<Composed> {
  if (intent.focus === 'companies') return companiesTracked(session);
  if (intent.place && intent.focus !== 'conversion') return placeInPortfolio(session, intent, intent.place);
  const output = await session.call(
    'analyse_portfolio',
    {
      group_by: intent.group_by,
      ...(intent.stages ? { stages: intent.stages } : {}),
      ...(intent.red_flag_level ? { red_flag_level: intent.red_flag_level } : {}),
      ...(intent.list ? { rank_by: 'amount_requested' as const, rank_limit: LISTED_DEALS } : {}),
      ...(intent.added ? { created_since: intent.added.since } : {}),
    },
    'Analysing the portfolio…',
  );
  const scope = `${intent.red_flag_level ? ` at ${RED_FLAG_LEVEL_LABELS[intent.red_flag_level]}` : ''}${stageScope(intent.stages)}${
    intent.added ? ` added ${addedLabel(intent.added.label)} (since ${intent.added.since.slice(0, 10)})` : ''
  }`;
  const citations = rankCitations(output.citations, { limit: 4 });
  const related = relatedFor(intent);
  const { totals } = output;
  const open = output.open_pipeline;
  if (totals.count === 0) {
    return noData(
      `There are no deals${scope} in the pipeline yet, so there is nothing to total. Add deals (one by one or by CSV import) and ask again.`,
      ['Which companies have we not spoken to in 60 days?', 'Show the pipeline by stage'],
      citations,
    );
  }
  const lines: string[] = [];
  // Deals added in a period: counted and summed; the open pipeline as a whole is another question.
  switch (intent.added && intent.focus !== 'average_size' ? 'count' : intent.focus) {
    case 'conversion': {
      const { closed, rejected, rate } = output.conversion;
      if (rate === null) {
        return noData(
          `No deal${scope} has been closed or rejected yet, so there is no conversion rate to report. It is closed ÷ (closed + rejected) once deals are decided.`,
          related,
          citations,
        );
      }
      lines.push(
        `Deal conversion is ${percent(rate)}: ${count(closed)} closed and ${count(rejected)} rejected (closed ÷ (closed + rejected)).`,
      );
      break;
    }
    case 'average_size':
      lines.push(
        totals.average_amount === null
          ? `The deals${scope} have no amounts recorded, so there is no average deal size.`
          : `The average deal size${scope} is ${money(totals.average_amount)} across ${count(totals.count)} deal${totals.count === 1 ? '' : 's'} (${money(totals.total_amount)} in total).`,
      );
      break;
    case 'pipeline_value':
      lines.push(
        intent.stages && !isOpenPipeline(intent.stages)
          ? `${count(totals.count)} deal${plural(totals.count)}${scope} ${totals.count === 1 ? 'requests' : 'request'} ${money(totals.total_amount)}${perStage(intent.stages, output.group_by === 'stage' ? output.groups : null)}. ${wholeOpenPipeline(output.open_pipeline)}`
          : `The open pipeline (deals not closed or rejected) is worth ${money(open.value)} over ${count(open.count)} deal${plural(open.count)}. ` +
              (intent.stages
                ? ''
                : `All ${count(totals.count)} deals request ${money(totals.total_amount)} in total.`),
      );
      break;
    case 'count':
      lines.push(
        `There ${totals.count === 1 ? 'is' : 'are'} ${count(totals.count)} deal${plural(totals.count)}${scope}, requesting ${money(totals.total_amount)} in total${perStage(intent.stages, output.group_by === 'stage' ? output.groups : null)}.`,
      );
      break;
    default:
      lines.push(
        intent.stages && !isOpenPipeline(intent.stages)
          ? `${count(totals.count)} deal${plural(totals.count)}${scope} ${totals.count === 1 ? 'requests' : 'request'} ${money(totals.total_amount)}${perStage(intent.stages, output.group_by === 'stage' ? output.groups : null)}. ${wholeOpenPipeline(output.open_pipeline)}`
          : `${count(totals.count)} deals${scope} request ${money(totals.total_amount)}; the open pipeline is worth ${money(open.value)} (${count(open.count)} deal${plural(open.count)}).`,
      );
  }
  if (intent.leader) lines.unshift(leaderLine(intent.leader, output.groups, output.group_by), '');
  const listed = output.ranked_deals ?? [];
  if (intent.list && listed.length > 0) {
    lines.push(
      '',
      ...listed.map(
        (d) =>
          `- **${d.company_name}** (deal #${d.deal_number}, ${STAGE_LABELS[d.stage]}) requesting ${money(d.amount_requested)}`,
      ),
    );
    if (totals.count > listed.length)
      lines.push('The largest requests are listed; the Deals table has them all.');
  }
  const groups = output.groups.filter((g) => g.count > 0);
  if (groups.length > 1 || intent.focus === 'breakdown') {
    lines.push(
      '',
      `| ${capitalise(GROUP_NAMES[output.group_by])} | Deals | Amount requested | Average |`,
      '|---|---:|---:|---:|',
    );
    for (const group of groups) {
      const average = group.average_amount === null ? '—' : money(group.average_amount);
      lines.push(
        `| ${cell(group.label)} | ${count(group.count)} | ${money(group.total_amount)} | ${average} |`,
      );
    }
  }
  const listedIds = listed.map((d) => d.deal_id);
  const shown = intent.list
    ? rankCitations(output.citations, { keepIds: listedIds, orderIds: listedIds })
    : citations;
  return { answer: lines.join('\n'), response_type: 'answer', citations: shown, related, completeness: 1 };
}

/** "this month" reads as is; "30 days" as "in the last 30 days". */
const addedLabel = (label: string) =>
  /^(?:this|the last|since) /.test(label) ? label : `in the last ${label}`;

/** How many deals a "which deals" answer names. */
const LISTED_DEALS = 10;

const plural = (n: number) => (n === 1 ? '' : 's');

/** "Due Diligence has the most deals: 3 (€16M)." Ties are named together. */
function leaderLine(
  leader: NonNullable<PortfolioIntent['leader']>,
  groups: { label: string; count: number; total_amount: number }[],
  groupBy: string,
): string {
  const present = groups.filter((g) => g.count > 0);
  const value = (g: { count: number; total_amount: number }) =>
    leader.by === 'count' ? g.count : g.total_amount;
  const best = leader.order === 'desc' ? Math.max(...present.map(value)) : Math.min(...present.map(value));
  const leaders = present.filter((g) => value(g) === best);
  const what =
    leader.by === 'count'
      ? `${leader.order === 'desc' ? 'the most' : 'the fewest'} deals`
      : `${leader.order === 'desc' ? 'the largest' : 'the smallest'} amount requested`;
  const names = listing(leaders.map((g) => `**${g.label}**`));
  const first = leaders[0]!;
  return `${capitalise(GROUP_NAMES[groupBy as keyof typeof GROUP_NAMES])} with ${what}: ${names}, ${count(first.count)} deal${plural(first.count)} requesting ${money(first.total_amount)}${leaders.length > 1 ? ' each' : ''}.`;
}

/**
 * Each stage the question named, with its own count and amount (zeros included), so a question
 * about two stages is answered for both: ": 1 in IC Review (€4M) and 2 in Term Sheet (€9M)".
 */
function perStage(
  stages: TDealStage[] | null,
  groups: { key: string; count: number; total_amount: number }[] | null,
): string {
  if (!stages || stages.length < 2 || stages.length > 3 || !groups || isOpenPipeline(stages)) return '';
  const parts = stages.map((stage) => {
    const group = groups.find((g) => g.key === stage);
    const n = group?.count ?? 0;
    return `${count(n)} in ${STAGE_LABELS[stage]}${n > 0 ? ` (${money(group?.total_amount ?? 0)})` : ''}`;
  });
  return `: ${listing(parts)}`;
}

/** The stages named are exactly the open pipeline's ("open deals", "active pipeline"). */
const isOpenPipeline = (stages: TDealStage[]) =>
  stages.length === OPEN_DEAL_STAGES.length && OPEN_DEAL_STAGES.every((stage) => stages.includes(stage));

/** The organisation's whole open pipeline, as the Deals table and the dashboard count it. */
function wholeOpenPipeline(open: { count: number; value: number }): string {
  return `The whole open pipeline (deals not closed or rejected) is ${count(open.count)} deal${plural(open.count)} worth ${money(open.value)}.`;
}

function relatedFor(intent: PortfolioIntent): string[] {
  const all = [
    'What is the total pipeline by stage?',
    'Show the portfolio by sector',
    'What is our deal conversion rate?',
    'What is the average deal size in due diligence?',
    'Which deals in due diligence have critical red flags?',
  ];
  const skip = {
    companies: -1,
    breakdown: intent.group_by === 'stage' ? 0 : 1,
    pipeline_value: 0,
    conversion: 2,
    average_size: 3,
    count: 0,
  }[intent.focus];
  return all.filter((_, i) => i !== skip).slice(0, 3);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** " in Due Diligence", " closed", " in Lead and Qualified". */
function stageScope(stages: TDealStage[] | null): string {
  if (!stages) return '';
  if (isOpenPipeline(stages)) return ' in the open pipeline';
  if (stages.length === 1 && (stages[0] === 'closed' || stages[0] === 'rejected')) return ` ${stages[0]}`;
  return ` in ${listing(stages.map((s) => STAGE_LABELS[s]))}`;
}

async function companiesTracked(session: ToolSession): Promise<Composed> {
  const output = await session.call('search_companies', { query: '', limit: 1 }, 'Counting companies…');
  return {
    answer:
      output.total === 0
        ? 'Your organisation tracks no companies yet. Add them one by one or import a CSV.'
        : `Your organisation tracks ${count(output.total)} compan${output.total === 1 ? 'y' : 'ies'}.`,
    response_type: output.total === 0 ? 'no_data' : 'answer',
    citations: [],
    related: [
      'What is the total pipeline by stage?',
      'Which companies have we not spoken to in 60 days?',
      'Show the portfolio by sector',
    ],
    completeness: 1,
  };
}

const fold = (text: string) => normaliseWords(text).join(' ');

/** "pipeline for Germany", "exposure to fintech": the sector or geography group of that name. */
async function placeInPortfolio(
  session: ToolSession,
  intent: PortfolioIntent,
  place: string,
): Promise<Composed> {
  const wanted = fold(place);
  const groupings: ('sector' | 'geography')[] =
    place in SECTOR_PHRASES ? ['sector', 'geography'] : ['geography', 'sector'];
  const scope = stageScope(intent.stages);
  for (const groupBy of groupings) {
    const output = await session.call(
      'analyse_portfolio',
      { group_by: groupBy, ...(intent.stages ? { stages: intent.stages } : {}) },
      `Analysing the portfolio by ${groupBy}…`,
    );
    const group = output.groups.find((g) => {
      const label = fold(g.label);
      return label === wanted || label.split(' ').includes(wanted) || wanted.split(' ').includes(label);
    });
    if (!group) continue;
    const average = group.average_amount === null ? '' : ` (${money(group.average_amount)} on average)`;
    return {
      answer:
        `${count(group.count)} deal${group.count === 1 ? '' : 's'}${scope} ${group.count === 1 ? 'is' : 'are'} in ${group.label} (${groupBy}), ` +
        `requesting ${money(group.total_amount)}${average}, out of ${count(output.totals.count)} deals requesting ${money(output.totals.total_amount)}.`,
      response_type: 'answer',
      citations: rankCitations(output.citations, { limit: 3 }),
      related: [
        `Show the portfolio by ${groupBy}`,
        'What is the total pipeline by stage?',
        'What is our deal conversion rate?',
      ],
      completeness: 1,
    };
  }
  return noData(
    `No deal${scope} is recorded under "${place}" as a sector or a geography, so there is nothing to total. The portfolio by sector and by geography shows the names the deals use.`,
    ['Show the portfolio by sector', 'Break the pipeline down by geography'],
  );
}
