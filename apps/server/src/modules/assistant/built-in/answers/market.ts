import type { TToolOutput } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { count, day, money } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, noData } from './composed.ts';

type MarketIntent = Extract<Intent, { kind: 'market' }>;
type Output = TToolOutput<'get_market_intelligence'>;

/** Rounds and signals listed by name; the totals cover every round in the window. */
const LISTED = 5;

/** Where to start collecting, said whenever nothing is collected. */
export const HOW_TO_COLLECT =
  'To collect them, an admin can add RSS or Atom feeds under Organisation → Feed Sources (in the user menu), or import a CSV of funding rounds with Import CSV on the Intelligence page.';

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * Market questions ("latest fintech funding trends", "who raised recently in the UK", "any funding
 * news on Acme") answered from get_market_intelligence: how many rounds, the total raised in EUR
 * with how many amounts are unknown, the stages, the largest rounds with their sources, and the
 * signals with their recommended actions. Every figure is one the tool returned.
 */
export async function answerMarket(session: ToolSession, intent: MarketIntent): Promise<Composed> {
  const output = await session.call(
    'get_market_intelligence',
    {
      ...(intent.sector ? { sector: intent.sector } : {}),
      ...(intent.company ? { company_name: intent.company } : {}),
      ...(intent.place ? { place: intent.place } : {}),
      days: Math.min(365, intent.days),
      limit: 25,
    },
    'Reading market signals…',
  );
  const scope = [
    intent.sector ? ` for ${intent.sector}` : '',
    intent.company ? ` on ${intent.company}` : '',
    intent.place ? ` in ${intent.place}` : '',
  ].join('');
  const related = [
    'Show the portfolio by sector',
    intent.sector
      ? `Which ${intent.sector} companies have the strongest revenue growth?`
      : 'Which companies show the strongest revenue growth?',
    'What is the total pipeline by stage?',
  ];
  if (output.signals.length === 0 && output.funding_announcements.length === 0) {
    if (!output.collecting) {
      return noData(
        `No market signals or funding announcements${scope} are recorded yet, so I cannot describe market trends from the data. ${HOW_TO_COLLECT}` +
          ' Meanwhile I can answer from your own pipeline, for example the portfolio by sector.',
        related,
      );
    }
    return noData(
      `No market signals or funding announcements${scope} since ${day(output.since)}. Feeds are collecting, so this means nothing matching was reported in that window; a wider window or another sector may find some.`,
      related,
    );
  }
  const lines = [
    fundingHeadline(output, scope),
    ...stageLines(output),
    ...largestRounds(output),
    ...signalLines(output),
  ];
  const named = [
    ...largestListed(output).map((round) => round.id),
    ...output.signals.slice(0, LISTED).map((signal) => signal.id),
  ];
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { keepIds: named, orderIds: named }),
    related,
    completeness: 1,
  };
}

function fundingHeadline(output: Output, scope: string): string {
  const summary = output.funding_summary;
  const since = day(output.since);
  if (summary.rounds === 0) return `No funding rounds${scope} announced since ${since}.`;
  const total =
    summary.total_raised_eur === null
      ? 'no amount disclosed'
      : `${money(summary.total_raised_eur)} raised in total (in EUR, over ${plural(summary.amounts_known, 'round')} with a known amount)`;
  const unknown =
    summary.amounts_unknown === 0
      ? ''
      : `; ${plural(summary.amounts_unknown, 'amount')} ${summary.amounts_unknown === 1 ? 'is' : 'are'} not known and not counted`;
  return `**${plural(summary.rounds, 'funding round')}**${scope} announced since ${since}: ${total}${unknown}.`;
}

function stageLines(output: Output): string[] {
  const stages = output.funding_summary.by_stage;
  if (stages.length === 0) return [];
  const parts = stages.map((stage) => {
    const amount =
      stage.total_raised_eur === null
        ? 'amount not known'
        : `${money(stage.total_raised_eur)}${stage.amounts_unknown > 0 ? ` (${plural(stage.amounts_unknown, 'amount')} not known)` : ''}`;
    return `${stage.stage ?? 'stage not stated'}: ${plural(stage.rounds, 'round')}, ${amount}`;
  });
  return [`By stage: ${parts.join('; ')}.`];
}

/** The largest rounds listed, known amounts first (largest EUR amount), then the newest. */
function largestListed(output: Output): Output['funding_announcements'] {
  return [...output.funding_announcements]
    .sort(
      (a, b) => (b.amount_eur ?? -1) - (a.amount_eur ?? -1) || b.announced_at.localeCompare(a.announced_at),
    )
    .slice(0, LISTED);
}

function largestRounds(output: Output): string[] {
  const rounds = largestListed(output);
  if (rounds.length === 0) return [];
  const lines = [output.funding_announcements.length > 1 ? 'Largest rounds:' : 'The round:'];
  for (const round of rounds) {
    const amount =
      round.amount_raised === null
        ? 'an undisclosed amount'
        : round.currency && round.currency !== 'EUR' && round.amount_eur !== null
          ? `${money(round.amount_raised, round.currency)} (${money(round.amount_eur)})`
          : money(round.amount_raised, round.currency ?? 'EUR');
    const details = [round.stage, round.country ?? round.region].filter(Boolean);
    lines.push(
      `- **${round.company_name}** raised ${amount}${details.length > 0 ? ` (${details.join(', ')})` : ''}, ${day(round.announced_at)}${round.source ? ` — ${round.source}` : ''}`,
    );
  }
  return lines;
}

function signalLines(output: Output): string[] {
  if (output.signals.length === 0) return [];
  const lines = [`Signals (${plural(output.signals_total, 'signal')}, newest first):`];
  for (const signal of output.signals.slice(0, LISTED)) {
    lines.push(
      `- ${signal.title}${signal.company_name && !signal.title.includes(signal.company_name) ? ` (${signal.company_name})` : ''}, ${signal.impact_level} impact, ${day(signal.detected_at)}`,
    );
    if (signal.recommended_actions.length > 0)
      lines.push(`  Recommended: ${signal.recommended_actions.join('; ')}`);
  }
  return lines;
}
