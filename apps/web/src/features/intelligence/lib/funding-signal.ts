/**
 * A funding announcement as a Live Funding Signals card shows it (spec 02 §3 display fields: amount
 * in millions, stage, region, sector, time, isActualDate, impact) and the Investment Opportunity
 * Analysis rules of spec 02 §9.
 */
import {
  debtOpportunity,
  fundingPriority,
  fundingSectorLabel,
  growthPotentialText,
  type TFundingAnnouncement,
  type TSignalPriority,
} from '@atempo/contracts';

const DAY_MS = 86_400_000;
const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', USD: '$', JPY: '¥' };

export interface FundingSignal {
  id: string;
  company: string;
  /** In millions of the announced currency; null when the source gave no amount. */
  amount: number | null;
  currency: string | null;
  /** In millions of EUR (the organisation's currency): what the priority and growth rules read. */
  amountEurMillions: number | null;
  stage: string | null;
  region: string | null;
  sector: string | null;
  /** The announcement's date. */
  time: string;
  /** Whether `time` is the article's publication date rather than when we read it. */
  isActualDate: boolean;
  impact: TSignalPriority;
  confidence: number;
  /** Reported as talks or hearsay, not as a closed round (decision 032). */
  rumoured: boolean;
  investors: string[];
  sources: TFundingAnnouncement['sources'];
  title: string;
}

export function toFundingSignal(a: TFundingAnnouncement): FundingSignal {
  const amountEurMillions = a.amount_eur === null ? null : a.amount_eur / 1e6;
  return {
    id: a.id,
    company: a.company_name,
    amount: a.amount_raised === null ? null : a.amount_raised / 1e6,
    currency: a.currency,
    amountEurMillions,
    stage: a.stage,
    region: a.region,
    sector: a.sector,
    time: a.announced_at,
    isActualDate: a.sources.some((s) => s.published_at !== null),
    impact: fundingPriority(amountEurMillions, a.confidence_score),
    confidence: a.confidence_score,
    rumoured: a.extraction_metadata.rumoured === true,
    investors: a.extraction_metadata.investors,
    sources: a.sources,
    title: a.title,
  };
}

const MILLIONS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * "€12.5M", "£3.0M", "CHF 20.0M", "€1,200.0M"; "Undisclosed" when the source gave no amount. Always
 * millions, as spec 02 writes funding amounts (decision 032), so figures on one screen compare at a glance.
 */
export function formatMillions(millions: number | null, currency: string | null): string {
  if (millions === null) return 'Undisclosed';
  const figure = `${MILLIONS.format(millions)}M`;
  if (!currency) return figure;
  const symbol = SYMBOLS[currency];
  return symbol ? `${symbol}${figure}` : `${currency} ${figure}`;
}

/** Spec 02 §9 growth text, on the amount in millions (EUR). */
export const growthPotential = (signal: FundingSignal) => growthPotentialText(signal.amountEurMillions);

/**
 * Spec 02 §9 debt opportunity: the stage's share of the round and, when the amount is known, what
 * that share comes to ("20-40% of the round (€2.5M–€5.0M)").
 */
export function debtOpportunityText(signal: FundingSignal): string {
  const opportunity = debtOpportunity(signal.stage, signal.amountEurMillions);
  if (!opportunity.share || signal.amount === null) return opportunity.text;
  const [low, high] = opportunity.share;
  return `${opportunity.text} (${formatMillions(signal.amount * low, signal.currency)}–${formatMillions(signal.amount * high, signal.currency)})`;
}

/** Timing bands in days since the round (decision 032): the list holds the last 30 days only. */
const TIMING_OPTIMAL_DAYS = 7;
const TIMING_GOOD_DAYS = 21;

/**
 * Timing: how fresh the round is. The spec names the line but not its rule; ours (decision 032):
 * the first week after a round is when a lender's offer lands best (the company is planning how to
 * deploy it, and debt stretches the new equity), up to three weeks it is still timely, after that
 * other lenders have called and the offer is a follow-up.
 */
export function timingText(signal: FundingSignal, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(signal.time).getTime()) / DAY_MS);
  if (days <= TIMING_OPTIMAL_DAYS) return 'Optimal: the round has just closed, approach now';
  if (days <= TIMING_GOOD_DAYS) return 'Good: the round is recent, approach within days';
  return 'Later: the round is weeks old, other lenders will have called';
}

/** "3 Mar 2026" for a publication date; "Seen 2 days ago" when only our reading time is known. */
export function timeText(signal: FundingSignal, now: Date = new Date()): string {
  const when = new Date(signal.time);
  if (signal.isActualDate) {
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(when);
  }
  const days = Math.floor((now.getTime() - when.getTime()) / DAY_MS);
  return days <= 0 ? 'Seen today' : days === 1 ? 'Seen yesterday' : `Seen ${days} days ago`;
}

/** A funding sector as people read it (one naming with the server's signal texts). */
export const sectorLabel = fundingSectorLabel;

/** A region worth printing: none when extraction could not place the round ('Unknown', spec 02 §2). */
export const shownRegion = (region: string | null): string | null =>
  region && region !== 'Unknown' ? region : null;

/** A sector worth printing, as a label: none when extraction was unsure ('other', spec 02 §2). */
export const shownSector = (sector: string | null): string | null =>
  sector && sector.toLowerCase() !== 'other' ? sectorLabel(sector) : null;

/** Up to `size` page buttons in a window that slides to keep the current page in its middle. */
export function pageWindow(current: number, total: number, size = 7): number[] {
  if (total <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), total - size + 1));
  const end = Math.min(total, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
