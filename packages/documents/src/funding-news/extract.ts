/**
 * Funding news → one funding round's fields, deterministically (no model, no I/O): the same article
 * always reads the same way, and every field can be traced to the words it came from.
 */
import type { TFundingSector, TFundingStage } from '@atempo/contracts';
import { convert, DEFAULT_FX_RATES, type FxRates } from '../analyst/fx-rates.ts';
import { findRaisedAmount, type RaisedAmount } from './amount.ts';
import { AMOUNT_WORDS } from './amount-words.ts';
import {
  DEBT_FACILITY,
  hasRoundWords,
  isDebtOnly,
  isRumour,
  NO_ROUND,
  type NotFunding,
  PUBLIC_OFFERING,
  raisesOnlyInThePast,
  rejectedTopic,
} from './classify.ts';
import { FUNDING_VERB, findCompanyName, findInvestors, headlineSubject, nameBeforeVerb } from './parties.ts';
import { type FundingRegion, findPlace } from './place.ts';
import { currentRoundSentences, isPastOrTotal, sentencesOf } from './round-sentence.ts';
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

/** A name an investor goes by: "Golden Gate Ventures", "Balderton Capital", "Acme Fund II". */
const INVESTOR_NAME =
  /\b(?:Ventures|Venture Partners|Capital|Partners|VC|Investments|Investors|Fund|Funds|Fund [IVX]+|Equity|Angels|Syndicate|Asset Management)$/;
/** The summary calls the company listed: "the London-listed company", "the publicly traded bank". */
const LISTED_SUBJECT = /\b[Tt]he (?:[\w.]+-listed|listed|publicly (?:traded|listed)|publicly-traded)\b/;
/** A raise or round stated with only its valuation: "raises at $5B valuation", "new round values it at €2B". */
const RAISE_AT_VALUATION = new RegExp(
  String.raw`\b(?:rais(?:es|ing|e)|round|funding)\b.*?\b(?:at\s+(?:an?\s+)?${AMOUNT_WORDS}\s+valuation|valu(?:ed|ing|es)\s+(?:it\s+|the company\s+)?at\s+${AMOUNT_WORDS}|valuation of\s+${AMOUNT_WORDS})`,
  'i',
);
/** A named series or seed round: the article is about a company's round, not a fund. */
const NAMED_ROUND = /\b(?:series [a-z]|pre-seed|seed (?:round|funding|extension))\b/i;

interface Found {
  company: { name: string; clear: boolean; leadFromTitle: string | null };
  amount: RaisedAmount | null;
  stage: TFundingStage | null;
}

/** The first round candidate among texts, in order. */
function firstAmount(texts: string[]): RaisedAmount | null {
  for (const text of texts) {
    const amount = findRaisedAmount(text);
    if (amount) return amount;
  }
  return null;
}

/**
 * The round as the headline states it: round words, a company before the verb (or after an
 * investor), and an amount or stage from the headline or from what the summary says now (not a
 * past round or a running total).
 */
function fromHeadline(title: string, currentOf: () => string[]): Found | NotFunding {
  if (!(hasRoundWords(title) || FUNDING_VERB.test(title)) || raisesOnlyInThePast(title)) return NO_ROUND;
  const current = currentOf();
  const amount = firstAmount([title, ...current]);
  const stage = findStage(title, ...current);
  // "Harvey raises at a $5B valuation": a round whose size is not said; the amount stays unknown
  if (!(amount || stage || RAISE_AT_VALUATION.test(title))) return NO_ROUND;
  const company = findCompanyName(title);
  if (!company) return NO_ROUND;
  return { company, amount, stage };
}

/**
 * The round as the summary states it, when the headline talks about something else or names no
 * company: a sentence with a raise verb, round words and an amount or a stage, the company named
 * before the verb (or pointed at: "the company has raised" is the headline's subject).
 */
function fromSummary(title: string, summary: string): Found | null {
  const first = sentencesOf(summary)[0];
  for (const { sentence, verbAt } of currentRoundSentences(summary)) {
    if (rejectedTopic(sentence)) continue;
    const amount = findRaisedAmount(sentence);
    const stage = findStage(sentence);
    if (!amount && !stage) continue;
    const named = nameBeforeVerb(sentence.slice(0, verbAt));
    const name =
      named === 'pointer' ? (findCompanyName(title)?.name ?? headlineSubject(title)) : (named?.name ?? null);
    if (!name) continue;
    // a round in the summary is this article's news when the headline names the company, talks of
    // a raise, or the summary opens with it; otherwise it is a side note about someone else
    const inTitle = title.toLowerCase().includes(name.toLowerCase());
    if (!(inTitle || hasRoundWords(title) || sentence === first)) continue;
    return { company: { name, clear: named !== 'pointer' || inTitle, leadFromTitle: null }, amount, stage };
  }
  return null;
}

const OFFERING: NotFunding = {
  rule: 'public_offering',
  detail: 'shares or notes sold to the market or by existing holders, not new money for a private company',
};
const FUND: NotFunding = {
  rule: 'fund_close',
  detail: 'an investor closing a fund of its own, not a company raising',
};

/**
 * A round read from the words may still be something else: a listed company's offering or a
 * secondary sale the summary describes, a debt facility with no equity, or an investor (a name
 * like "… Ventures") raising its own fund.
 */
function keptOutBySummary(title: string, currentText: string, found: Found): NotFunding | null {
  const named = NAMED_ROUND.test(title);
  if (!named && (PUBLIC_OFFERING.test(currentText) || LISTED_SUBJECT.test(currentText))) return OFFERING;
  if (isDebtOnly(`${title} ${currentText}`)) return DEBT_FACILITY;
  if (INVESTOR_NAME.test(found.company.name) && !named && !found.stage?.startsWith('Series')) return FUND;
  return null;
}

export function extractFundingRound(input: FundingNewsInput, options: ExtractOptions = {}): FundingReading {
  const title = squash(input.title);
  const summary = squash(input.summary ?? '');
  const topic = rejectedTopic(title);
  if (topic) return { kind: 'not_funding', reason: topic };
  // what the summary says now: not the company's past rounds nor its running total
  let current: string[] | null = null;
  const currentOf = () => {
    current ??= summary ? sentencesOf(summary).filter((sentence) => !isPastOrTotal(sentence)) : [];
    return current;
  };
  const headline = fromHeadline(title, currentOf);
  const found = 'company' in headline ? headline : summary ? fromSummary(title, summary) : null;
  if (!found) {
    const reason = headline as NotFunding;
    return hasRoundWords(title) && findRaisedAmount(title) && !findCompanyName(title)
      ? { kind: 'no_company', detail: 'no company name could be read from the headline or the summary' }
      : { kind: 'not_funding', reason };
  }
  // a round was read; what the summary says of it may still keep it out (checked only now: most
  // articles are not rounds, and these scans of the whole summary are the costly part)
  const out = keptOutBySummary(title, currentOf().join(' '), found);
  if (out) return { kind: 'not_funding', reason: out };
  const { company, amount } = found;
  const stage = found.stage;
  // investors of this round: a past round's "led by" in the summary is not this one's lead
  const currentText = currentOf().join(' ');
  const both = currentText ? `${title}. ${currentText}` : title;
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
