import type { TToolOutput } from '@atempo/contracts';
import { isNameLike } from '../../companies/index.ts';
import {
  announcementsInWindow,
  fundingRoundsByStage,
  isCollectingFundingNews,
} from '../../funding-news/index.ts';
import { hasMarketSignals, signalsInWindow } from '../../signals/index.ts';
import type { ToolContext } from './tool.ts';

type MarketIntelligence = Pick<
  TToolOutput<'get_market_intelligence'>,
  'signals' | 'funding_announcements' | 'funding_summary' | 'signals_total'
>;

export interface MarketIntelligenceFilter {
  company_name?: string;
  sector?: string;
  /** A country or research region: "United Kingdom", "UK", "Europe". */
  place?: string;
  /** Only items detected or announced since this time. */
  since: Date;
  limit: number;
}

/**
 * Where get_market_intelligence reads: the organisation's market signals (signal scan, issue #10)
 * and funding announcements (feed ingest and CSV import), newest first.
 *
 * Names are matched as the other tools match them (case, accents and legal form ignored, close
 * spellings accepted), against the company name the signal or announcement carries, since most
 * rounds are about companies the organisation does not track. Sectors are compared without case,
 * spaces or underscores, so "FinTech", "fintech" and "Climate Tech" / "climate_tech" meet.
 *
 * `collecting` is true when anything feeds these lists for the organisation: an enabled feed
 * source, or an announcement or signal already on record (a CSV import collects without a feed).
 * It lets an empty answer say "nothing in this window" rather than "nothing collected".
 */
export async function collectedMarketIntelligence(
  context: ToolContext,
  filter: MarketIntelligenceFilter,
): Promise<MarketIntelligence & { collecting: boolean }> {
  const { db, organizationId } = context;
  if (filter.company_name !== undefined && !isNameLike(filter.company_name)) {
    return {
      signals: [],
      funding_announcements: [],
      funding_summary: {
        rounds: 0,
        total_raised_eur: null,
        amounts_known: 0,
        amounts_unknown: 0,
        by_stage: [],
      },
      signals_total: 0,
      collecting: await isCollecting(context),
    };
  }
  const window = {
    since: filter.since,
    companyName: filter.company_name,
    sectorKeys: filter.sector ? sectorKeys(filter.sector) : null,
    placeKeys: filter.place ? placeKeys(filter.place) : null,
  };
  const announcements = await announcementsInWindow(db, organizationId, { ...window, limit: filter.limit });
  // Totals over every matching round in the window, not only the `limit` listed.
  const stages = await fundingRoundsByStage(db, organizationId, window);
  const signals = await signalsInWindow(db, organizationId, { ...window, limit: filter.limit });
  const signalsTotal = Number(signals[0]?.total ?? 0);

  const collecting = announcements.length > 0 || signals.length > 0 ? true : await isCollecting(context);
  const byStage = stages.map((row) => ({
    stage: row.stage,
    rounds: Number(row.rounds),
    total_raised_eur: numberOrNull(row.amount_eur),
    amounts_unknown: Number(row.unknown),
  }));
  const sum = (pick: (stage: (typeof byStage)[number]) => number) =>
    byStage.reduce((total, stage) => total + pick(stage), 0);
  const rounds = sum((stage) => stage.rounds);
  const amountsUnknown = sum((stage) => stage.amounts_unknown);
  return {
    collecting,
    funding_summary: {
      rounds,
      total_raised_eur: rounds > amountsUnknown ? sum((stage) => stage.total_raised_eur ?? 0) : null,
      amounts_known: rounds - amountsUnknown,
      amounts_unknown: amountsUnknown,
      by_stage: byStage,
    },
    signals_total: signalsTotal,
    funding_announcements: announcements.map((row) => ({
      id: row.id,
      company_name: row.company_name,
      title: row.title,
      amount_raised: numberOrNull(row.amount_raised),
      currency: row.currency,
      amount_eur: numberOrNull(row.amount_eur),
      stage: row.stage,
      sector: row.sector,
      country: row.country,
      region: row.region,
      investors: stringsOf(row.investors),
      announced_at: new Date(row.announced_at).toISOString(),
      source: row.source_name,
      source_url: row.source_url,
    })),
    signals: signals.map((row) => ({
      id: row.id,
      signal_type: row.signal_type,
      company_name: row.company_name,
      title: row.title,
      impact_level: row.impact_level,
      relevance_score: Number(row.relevance_score),
      detected_at: new Date(row.detected_at).toISOString(),
      description: row.description,
      recommended_actions: stringsOf(row.recommended_actions),
      sector: row.sector,
      announcement_id: row.announcement_id,
      source_url: row.source_url,
    })),
  };
}

/** An enabled feed source, or any announcement or signal on record for the organisation. */
async function isCollecting({ db, organizationId }: ToolContext): Promise<boolean> {
  return (await isCollectingFundingNews(db, organizationId)) || hasMarketSignals(db, organizationId);
}

/**
 * A sector as its comparison keys: lower case without spaces or "_" ("Climate Tech" and
 * climate_tech are both "climatetech"), plus the FUNDING_SECTORS key where the analyst's sector
 * label and the ingest's key differ ("SaaS" is b2b_saas, "AI/ML" is ai).
 */
const SECTOR_ALIASES: Record<string, string[]> = {
  saas: ['b2bsaas'],
  b2bsaas: ['saas'],
  aiml: ['ai'],
  ai: ['aiml'],
};

function sectorKeys(sector: string): string[] {
  const key = sector.toLowerCase().replace(/[^a-z0-9]/g, '');
  return [key, ...(SECTOR_ALIASES[key] ?? [])];
}

/** The spellings a place is stored under: the ingest stores "United Kingdom" with region "UK". */
const PLACE_ALIASES: Record<string, string[]> = {
  uk: ['uk', 'united kingdom'],
  'u.k.': ['uk', 'united kingdom'],
  'united kingdom': ['uk', 'united kingdom'],
  britain: ['uk', 'united kingdom'],
  'great britain': ['uk', 'united kingdom'],
  us: ['us', 'united states'],
  usa: ['us', 'united states'],
  'u.s.': ['us', 'united states'],
  'united states': ['us', 'united states'],
};

function placeKeys(place: string): string[] {
  const key = place.trim().toLowerCase();
  return PLACE_ALIASES[key] ?? [key];
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));
const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
