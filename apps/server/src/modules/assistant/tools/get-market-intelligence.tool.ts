import type { TCitation, TToolOutput } from '@atempo/contracts';
import { euros } from './citations.ts';
import { collectedMarketIntelligence } from './market-intelligence.source.ts';
import { defineTool } from './tool.ts';

const DAY_MS = 86_400_000;

export const NOT_COLLECTED_NOTE =
  'No market signals or funding announcements have been collected yet, so there is nothing to report.';

type Output = TToolOutput<'get_market_intelligence'>;

/** A signal cited by its title; the client links it to the Intelligence page. */
function signalCitation(signal: Output['signals'][number]): TCitation {
  return {
    source: signal.company_name ? `${signal.title} (${signal.company_name})` : signal.title,
    relevance: signal.relevance_score,
    content_excerpt: signal.description ?? signal.title,
    date: signal.detected_at,
    target: { kind: 'signal', id: signal.id, location: null, url: signal.source_url },
  };
}

/** An announcement cited by its source and headline, quoting the amount as announced and in EUR. */
function announcementCitation(round: Output['funding_announcements'][number]): TCitation {
  const amounts: string[] = [];
  if (round.amount_raised !== null) amounts.push(`${round.amount_raised} ${round.currency ?? ''}`.trim());
  if (round.amount_eur !== null) amounts.push(`${euros(round.amount_eur)} in EUR`);
  return {
    source: round.source ? `${round.source}: ${round.title}` : round.title,
    relevance: 1,
    content_excerpt: [round.title, ...amounts].join(' — '),
    date: round.announced_at,
    target: { kind: 'funding_announcement', id: round.id, location: null, url: round.source_url },
  };
}

export const getMarketIntelligenceTool = defineTool(
  'get_market_intelligence',
  'Market signals (funding, news, risk changes, each with recommended actions) and funding announcements about companies, a sector or a place over the last `days` days, newest first, where they have been collected. Answers empty lists with a note saying why when there are none.',
  async (context, input) => {
    const since = new Date(context.now.getTime() - input.days * DAY_MS);
    const found = await collectedMarketIntelligence(context, { ...input, since });
    const empty = found.signals.length === 0 && found.funding_announcements.length === 0;
    let note: string | null = null;
    if (!found.collecting) note = NOT_COLLECTED_NOTE;
    else if (empty) note = `No market signals or funding announcements in the last ${input.days} days.`;
    return {
      signals: found.signals,
      funding_announcements: found.funding_announcements,
      since: since.toISOString(),
      funding_summary: found.funding_summary,
      signals_total: found.signals_total,
      collecting: found.collecting,
      note,
      citations: [
        ...found.funding_announcements.map(announcementCitation),
        ...found.signals.map(signalCitation),
      ],
    };
  },
);
