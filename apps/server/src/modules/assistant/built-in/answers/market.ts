import { rankCitations } from '../citations.ts';
import { day, money } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, noData } from './composed.ts';

type MarketIntent = Extract<Intent, { kind: 'market' }>;

export async function answerMarket(session: ToolSession, intent: MarketIntent): Promise<Composed> {
  const output = await session.call(
    'get_market_intelligence',
    {
      ...(intent.sector ? { sector: intent.sector } : {}),
      ...(intent.company ? { company_name: intent.company } : {}),
      days: Math.min(365, intent.days),
    },
    'Reading market signals…',
  );
  const scope = intent.sector ? ` for ${intent.sector}` : '';
  const related = intent.sector
    ? [
        `Show the portfolio by sector`,
        `Which ${intent.sector} companies have the strongest revenue growth?`,
        'What is the total pipeline by stage?',
      ]
    : [
        'Show the portfolio by sector',
        'Which companies show the strongest revenue growth?',
        'What is the total pipeline by stage?',
      ];
  if (output.signals.length === 0 && output.funding_announcements.length === 0) {
    return noData(
      `No market signals or funding announcements${scope} are recorded yet, so I cannot describe market trends from the data.` +
        `${output.note ? ` ${output.note}` : ''} Meanwhile I can answer from your own pipeline, for example the portfolio by sector.`,
      related,
      rankCitations(output.citations, { limit: 2 }),
    );
  }
  const lines = [`Market intelligence${scope}:`];
  for (const signal of output.signals.slice(0, 5)) {
    lines.push(
      `- ${signal.title}${signal.company_name ? ` (${signal.company_name})` : ''}, ${signal.impact_level} impact, ${day(signal.detected_at)}`,
    );
  }
  for (const round of output.funding_announcements.slice(0, 5)) {
    const amount =
      round.amount_raised === null
        ? 'an undisclosed amount'
        : money(round.amount_raised, round.currency ?? 'EUR');
    lines.push(
      `- ${round.company_name} raised ${amount}${round.stage ? ` (${round.stage})` : ''}, ${day(round.announced_at)}`,
    );
  }
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations),
    related,
    completeness: 1,
  };
}
