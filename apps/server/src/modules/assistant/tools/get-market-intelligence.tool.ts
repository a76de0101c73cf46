import { collectedMarketIntelligence } from './market-intelligence.source.ts';
import { defineTool } from './tool.ts';

const DAY_MS = 86_400_000;

export const NOT_COLLECTED_NOTE =
  'No market signals or funding announcements have been collected yet, so there is nothing to report.';

export const getMarketIntelligenceTool = defineTool(
  'get_market_intelligence',
  'Market signals (news, hiring, leadership changes) and funding announcements about companies or a sector over the last `days` days, where they have been collected. Answers empty lists with a note saying why when there are none.',
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
      note,
      citations: found.signals.map((signal) => ({
        source: signal.title,
        relevance: signal.relevance_score,
        content_excerpt: signal.title,
        date: signal.detected_at,
        target: { kind: 'signal' as const, id: signal.id, location: null },
      })),
    };
  },
);
