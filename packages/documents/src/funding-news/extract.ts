/**
 * Funding news → one funding round's fields, deterministically (no model, no I/O): the same article
 * always reads the same way, and every field can be traced to the words it came from.
 */
import type { TFundingSector, TFundingStage } from '@atempo/contracts';
import { convert, DEFAULT_FX_RATES, type FxRates } from '../analyst/fx-rates.ts';
import { findRaisedAmount } from './amount.ts';
import { isRumour, type NotFunding, notFundingNews } from './classify.ts';
import { findCompanyName, findInvestors } from './parties.ts';
import { type FundingRegion, findPlace } from './place.ts';
import { findSector } from './sector.ts';
import { findStage } from './stage.ts';

export interface FundingNewsInput {
  title: string;
  summary?: string | null;
  url?: string | null;
  published_at?: string | null;
  source: string;
}

export interface ExtractedRound {
  company_name: string;
  amount_raised: number | null;
  currency: string | null;
  /** amount_raised in EUR at the configured rates; null when the amount or its rate is unknown. */
  amount_eur: number | null;
  stage: TFundingStage | null;
  /** Lead first. */
  investors: string[];
  lead_investor: string | null;
  region: FundingRegion | 'Unknown';
  country: string | null;
  sector: TFundingSector;
  /** ISO timestamp: the article's publication, else the time of reading. */
  announced_at: string;
  /** Reported as talks, plans or hearsay ("in talks to raise"), not as a closed round. */
  rumoured: boolean;
  /** 0–1: how many fields were found and how clearly; a rumour's is scaled by RUMOUR_CONFIDENCE. */
  confidence_score: number;
  source: string;
  /** What each field was read from, for extraction_metadata. */
  evidence: {
    amount_text: string | null;
    fx_rate: number | null;
    fx_rate_date: string | null;
    name_clear: boolean;
  };
}

export type FundingReading =
  | { kind: 'round'; round: ExtractedRound }
  | { kind: 'not_funding'; reason: NotFunding }
  | { kind: 'no_company'; detail: string };

export interface ExtractOptions {
  fxRates?: FxRates;
  /** The reading time, for articles without a publication date. */
  now?: Date;
}

/**
 * A rumour's confidence is scaled by this: at most 0.6, so on confidence alone it is never more than
 * a low-priority signal (spec 02 §9: medium needs above 0.6), whatever its amount says.
 */
export const RUMOUR_CONFIDENCE = 0.6;

/**
 * Confidence: the share of the fields found, weighted by how much a lender leans on them (company
 * and amount most), less when the name had to be guessed or the round is only rumoured. Rounded to
 * two decimals.
 */
function confidenceOf(r: Omit<ExtractedRound, 'confidence_score'>): number {
  let score = r.evidence.name_clear ? 0.3 : 0.15;
  if (r.amount_raised !== null) score += 0.3;
  if (r.stage !== null) score += 0.15;
  if (r.investors.length > 0) score += 0.1;
  if (r.region !== 'Unknown') score += 0.1;
  if (r.sector !== 'other') score += 0.05;
  if (r.rumoured) score *= RUMOUR_CONFIDENCE;
  return Math.round(score * 100) / 100;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

export function extractFundingRound(input: FundingNewsInput, options: ExtractOptions = {}): FundingReading {
  const title = squash(input.title);
  const summary = squash(input.summary ?? '');
  const both = summary ? `${title}. ${summary}` : title;
  const amount = findRaisedAmount(title) ?? (summary ? findRaisedAmount(summary) : null);
  const stage = findStage(title, summary);
  const rejected = notFundingNews(title, amount !== null || stage !== null);
  if (rejected) return { kind: 'not_funding', reason: rejected };

  const company = findCompanyName(title);
  if (!company) return { kind: 'no_company', detail: 'no company name could be read from the headline' };
  const { investors, lead } = findInvestors(both, company.leadFromTitle);
  const place = findPlace(title, summary);
  const fx = options.fxRates ?? DEFAULT_FX_RATES;
  const eur = amount ? convert(amount.value, amount.currency, fx) : null;
  const published = input.published_at ? new Date(input.published_at) : null;
  const announced = published && !Number.isNaN(published.getTime()) ? published : (options.now ?? new Date());

  const round: Omit<ExtractedRound, 'confidence_score'> = {
    company_name: company.name,
    amount_raised: amount?.value ?? null,
    currency: amount?.currency ?? null,
    amount_eur: eur?.value ?? null,
    stage,
    // the company never invests in itself ("Tide raises £80m led by Tide's founders" aside)
    investors: investors.filter((name) => name.toLowerCase() !== company.name.toLowerCase()),
    lead_investor: lead && lead.toLowerCase() !== company.name.toLowerCase() ? lead : null,
    region: place?.region ?? 'Unknown',
    country: place?.country ?? null,
    sector: findSector(title, summary),
    announced_at: announced.toISOString(),
    rumoured: isRumour(title),
    source: input.source,
    evidence: {
      amount_text: amount?.text ?? null,
      fx_rate: eur?.rate ?? null,
      fx_rate_date: eur?.rate_date ?? null,
      name_clear: company.clear,
    },
  };
  return { kind: 'round', round: { ...round, confidence_score: confidenceOf(round) } };
}
