import { STAGE_LABELS } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { cell, count, listing, money, percent } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, noData } from './composed.ts';

type PortfolioIntent = Extract<Intent, { kind: 'portfolio' }>;

const GROUP_NAMES = {
  stage: 'stage',
  sector: 'sector',
  geography: 'geography',
  red_flag_level: 'red flag level',
};

export async function answerPortfolio(session: ToolSession, intent: PortfolioIntent): Promise<Composed> {
  const output = await session.call(
    'analyse_portfolio',
    { group_by: intent.group_by, ...(intent.stages ? { stages: intent.stages } : {}) },
    'Analysing the portfolio…',
  );
  const scope = intent.stages ? ` in ${listing(intent.stages.map((s) => STAGE_LABELS[s]))}` : '';
  const citations = rankCitations(output.citations, { limit: 4 });
  const related = relatedFor(intent);
  const { totals } = output;
  if (totals.count === 0) {
    return noData(
      `There are no deals${scope} in the pipeline yet, so there is nothing to total. Add deals (one by one or by CSV import) and ask again.`,
      ['Which companies have we not spoken to in 60 days?', 'Show the pipeline by stage'],
      citations,
    );
  }
  const lines: string[] = [];
  switch (intent.focus) {
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
        `The open pipeline (deals not closed or rejected) is worth ${money(output.pipeline_value)}. ` +
          `All ${count(totals.count)} deals${scope} request ${money(totals.total_amount)} in total.`,
      );
      break;
    case 'count':
      lines.push(
        `There ${totals.count === 1 ? 'is' : 'are'} ${count(totals.count)} deal${totals.count === 1 ? '' : 's'}${scope}, requesting ${money(totals.total_amount)} in total.`,
      );
      break;
    default:
      lines.push(
        `${count(totals.count)} deals${scope} request ${money(totals.total_amount)}; the open pipeline is worth ${money(output.pipeline_value)}.`,
      );
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
  return { answer: lines.join('\n'), response_type: 'answer', citations, related, completeness: 1 };
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
    breakdown: intent.group_by === 'stage' ? 0 : 1,
    pipeline_value: 0,
    conversion: 2,
    average_size: 3,
    count: 0,
  }[intent.focus];
  return all.filter((_, i) => i !== skip).slice(0, 3);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
