import { STAGE_LABELS } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { count, listing, money } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, noData, possessive, subjectLabel } from './composed.ts';

type SuperlativeIntent = Extract<Intent, { kind: 'deal_superlative' }>;

const WORDS = {
  amount_requested: { desc: 'largest', asc: 'smallest' },
  created_at: { desc: 'most recent', asc: 'oldest' },
  thematic_score: { desc: 'highest-scored', asc: 'lowest-scored' },
} as const;

/** "What is our largest deal?": the deals at the top of the ranking, the first named first. */
export async function answerDealSuperlative(
  session: ToolSession,
  intent: SuperlativeIntent,
): Promise<Composed> {
  const output = await session.call(
    'analyse_portfolio',
    {
      group_by: 'stage',
      ...(intent.stages ? { stages: intent.stages } : {}),
      rank_by: intent.by,
      order: intent.order,
      rank_limit: intent.limit,
    },
    'Ranking the deals…',
  );
  const scope = intent.stages ? ` in ${listing(intent.stages.map((s) => STAGE_LABELS[s]))}` : '';
  const word = WORDS[intent.by][intent.order];
  const related = [
    'What is the total pipeline by stage?',
    'Which deals in due diligence have critical red flags?',
    'What is the average deal size?',
  ];
  const deals = (output.ranked_deals ?? []).filter(
    (d) => intent.by !== 'thematic_score' || d.thematic_score !== null,
  );
  if (deals.length === 0) {
    return noData(
      intent.by === 'thematic_score'
        ? `No deal${scope} has a thematic score yet, so none can be named the ${word}.`
        : `There are no deals${scope} yet, so none can be named the ${word}.`,
      related,
    );
  }
  const describe = (d: (typeof deals)[number]) => {
    const score = d.thematic_score === null ? '' : `, thematic score ${d.thematic_score}`;
    return `**${d.company_name}** (deal #${d.deal_number}, ${STAGE_LABELS[d.stage]}) requesting ${money(d.amount_requested)}${score}, added ${d.created_at.slice(0, 10)}`;
  };
  const lines =
    deals.length === 1
      ? [`The ${word} deal${scope} is ${describe(deals[0]!)}.`]
      : [
          `The ${word} deals${scope} (of ${count(output.totals.count)}):`,
          ...deals.map((d, i) => `${i + 1}. ${describe(d)}`),
        ];
  const ids = deals.map((d) => d.deal_id);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { keepIds: ids, orderIds: ids }),
    related,
    completeness: 1,
  };
}

/** "What will Acme's revenue be next year?": declined, with no figure. */
export function answerFuture(): Composed {
  return {
    answer:
      'That asks about the future or a scenario, which the data cannot tell: I answer from what is recorded on deals and companies and what their documents state, and I do not forecast figures or outcomes. I can give the latest recorded figures, the runway they imply, the red flags, or what a document itself projects.',
    response_type: 'no_data',
    citations: [],
    related: [
      'What is the total pipeline by stage?',
      'Which deals in due diligence have critical red flags?',
      'Which companies show the strongest revenue growth?',
    ],
    completeness: 0,
  };
}

/** "Who is the CEO of Acme?": the fact is not among what the data holds. */
export function answerUnknownAttribute(intent: Extract<Intent, { kind: 'unknown_attribute' }>): Composed {
  const name = subjectLabel(intent.subject);
  return {
    answer: `The data holds no ${intent.attribute} for ${name}: deals and companies record the request, stage, scores, red flags and financial figures, and documents what they state. Upload a document that states it, or ask for ${possessive(name)} overview.`,
    response_type: 'no_data',
    citations: [],
    related: [
      `Tell me about ${name}`,
      `What are the red flags for ${name}?`,
      `What is ${possessive(name)} runway?`,
    ],
    completeness: 0,
  };
}

/** "How many high priority companies?": the count first, then the first of them by name. */
export async function answerPriorityCompanies(
  session: ToolSession,
  intent: Extract<Intent, { kind: 'priority_companies' }>,
): Promise<Composed> {
  const output = await session.call(
    'search_companies',
    { query: '', priority: intent.priority, limit: 10 },
    `Finding ${intent.priority}-priority companies…`,
  );
  const related = [
    'Which companies show the strongest revenue growth?',
    'Which companies have we not spoken to in 60 days?',
    'What is the total pipeline by stage?',
  ];
  if (output.total === 0) {
    return noData(`No company is ${intent.priority} priority.`, related);
  }
  const names = output.companies.map((c) => `**${c.name}**`);
  const listed = output.total > output.companies.length ? '; the most recently updated of them' : '';
  return {
    answer: `${count(output.total)} compan${output.total === 1 ? 'y is' : 'ies are'} ${intent.priority} priority${listed}: ${names.join(', ')}.`,
    response_type: 'answer',
    citations: rankCitations(output.citations, { limit: 10 }),
    related,
    completeness: 1,
  };
}
