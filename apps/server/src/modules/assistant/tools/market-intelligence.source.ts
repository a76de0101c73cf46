import type { TToolOutput } from '@atempo/contracts';
import type { ToolContext } from './tool.ts';

type MarketIntelligence = Pick<TToolOutput<'get_market_intelligence'>, 'signals' | 'funding_announcements'>;

export interface MarketIntelligenceFilter {
  company_name?: string;
  sector?: string;
  /** Only items detected or announced since this time. */
  since: Date;
  limit: number;
}

/**
 * Where get_market_intelligence reads market signals and funding announcements. Neither is
 * collected yet: the intelligence module (issue #10) brings the signal and funding tables and
 * replaces this function with queries over them (scoped to context.organizationId). Until then
 * the answer is honestly empty, never made up.
 */
export async function collectedMarketIntelligence(
  _context: ToolContext,
  _filter: MarketIntelligenceFilter,
): Promise<MarketIntelligence & { collecting: boolean }> {
  return { signals: [], funding_announcements: [], collecting: false };
}
