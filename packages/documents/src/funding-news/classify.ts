/**
 * Is this article a company's funding round? Headlines that use funding verbs for other news are
 * kept out: acquisitions, layoffs and shutdowns, opinion and round-ups, "raises prices", IPOs, grants,
 * and venture funds closing their own fund (an investor raising from LPs is not a borrower's round).
 */

import { FUNDING_VERB } from './parties.ts';

export interface NotFunding {
  rule: 'opinion' | 'acquisition' | 'layoffs' | 'not_money' | 'fund_close' | 'grant' | 'ipo' | 'no_round';
  /** The rule in words, for the process endpoint's answer. */
  detail: string;
}

/** An optional fund size before the word fund: "€200m ", "$1.3bn ". */
const FUND_SIZE = String.raw`(?:[€£$]\s?[\d.,]+\s?(?:[mb]n?|million|billion|k)?\s+)?`;

const RULES: [NotFunding['rule'], RegExp, string][] = [
  [
    'opinion',
    /(\?\s*$|^(?:why|how|what|when|opinion|analysis|comment|podcast|webinar|interview|guide|top \d+|the \d+|\d+ (?:startups|companies|things|lessons|ways))\b|\b(?:round-?up|this week in|weekly|lessons from|predictions|explained)\b)/i,
    'an opinion piece, analysis or round-up, not one round',
  ],
  [
    'acquisition',
    /\b(acquires?|acquired|acquisition|to acquire|buys|bought|buyout|merges?|merger|takeover|taken over|snaps up|snapped up)\b/i,
    'an acquisition or merger, not a funding round',
  ],
  [
    'layoffs',
    /\b(lay(?:s|ing)? off|laid off|layoffs?|job cuts|cuts? (?:\d+\s+|\d+% of (?:its )?)?(?:jobs|staff|workforce)|redundanc\w*|shuts? down|shutters|insolvency|insolvent|bankrupt\w*|enters administration|winds? down)\b/i,
    'layoffs or a shutdown, not a funding round',
  ],
  [
    'not_money',
    /\b(?:raises?|raised|raising|lands?|secures?)\s+(?:its\s+|their\s+|the\s+)?(prices?|rates?|fees?|concerns?|questions?|eyebrows|alarm|the bar|awareness|forecasts?|guidance|salaries|wages|stakes|doubts?|hopes?|tariffs?|interest rates|objections?|red flags?|deal with|partnership|contract)\b/i,
    'a funding verb used for something other than raising money',
  ],
  [
    'fund_close',
    new RegExp(
      [
        String.raw`\bfund\s+(?:I{1,3}|IV|V|VI{0,3}|IX|X|\d+)\b`, // "Fund VI", "closes fund III"
        // "new €200m fund", "second climate fund", "debut VC fund", "in new funds"
        String.raw`\b(?:new|debut|first|second|third|fourth|fifth|latest|flagship|early-stage|seed-stage|growth|venture|opportunity|climate|impact|continuation)\s+${FUND_SIZE}(?:vc\s+|[\w-]+\s+)?fund\b`,
        String.raw`\bin new funds\b`,
        String.raw`\b(?:first|final) close\b|\bfund close\b`,
        String.raw`\bcloses? (?:its |a |an )?[^ ]*\s*${FUND_SIZE}fund\b`,
        String.raw`\blaunch(?:es|ed)? (?:a |an |its )?${FUND_SIZE}(?:[\w-]+\s+)?fund\b`,
        String.raw`\blimited partners\b|\bLPs\b`,
      ].join('|'),
      'i',
    ),
    'an investor closing a fund of its own, not a company raising',
  ],
  [
    'grant',
    // a grant or subsidy is not equity or debt; "grant and equity" (EIC blended finance) is a round
    /^(?!.*\b(?:round|series|seed|equity|investment|venture debt|loan)\b).*\b(?:grants?|subsid(?:y|ies))\b/i,
    'a grant or subsidy, not a funding round',
  ],
  [
    'ipo',
    /(?<!pre[\s-])\b(IPO|initial public offering|goes public|go public|files? (?:to|for) (?:list|go public)|stock market listing|SPAC)\b/i,
    'an IPO or listing, not a private round',
  ],
];

const PURPOSE =
  /\s(?:to|for|as it|as they|and)\s+(?:fuel|fund|finance|drive|pursue|accelerate|back|support|power|help|expand|grow|scale)\b.*$/i;

/** Words that say a round happened; one of them must be in the title. */
const ROUND_WORDS =
  /\b(funding|fund-?raise|round|investment|financing|raises?|raised|raising|secures?|secured|lands?|landed|bags?|bagged|closes?|closed|nabs?|snags?|grabs?|scores?|picks up|pulls in|banks?|hauls in|rakes in|backs|backed|leads|led|invests?|invested|seed|pre-seed|series [a-z]|venture debt|debt (?:financing|facility)|credit facility|capital injection)\b/i;

/**
 * Null when the article reads as a funding round, else the rule that keeps it out. `hasFigure`
 * says whether an amount or a stage was read: a round needs at least one of them.
 */
export function notFundingNews(title: string, hasFigure: boolean): NotFunding | null {
  // "raises €40m to fuel acquisitions": a purpose clause does not make the round an acquisition
  const withoutPurpose = title.replace(PURPOSE, '');
  for (const [rule, pattern, detail] of RULES) {
    if (pattern.test(rule === 'acquisition' || rule === 'layoffs' ? withoutPurpose : title))
      return { rule, detail };
  }
  if (!(ROUND_WORDS.test(title) || FUNDING_VERB.test(title)) || !hasFigure) {
    return { rule: 'no_round', detail: 'no round named: no funding words with an amount or a stage' };
  }
  return null;
}

/**
 * Words that report a round as talks, plans or hearsay rather than closed: "in talks to raise",
 * "said to be raising", "reportedly", "is raising", "set to raise". Such a round is kept (a lender
 * wants to hear of it early) but marked and trusted less (decision 032).
 */
const RUMOUR =
  /\b(?:reportedly|said to be|understood to be|believed to be|rumou?red|in (?:advanced |early |final )?(?:talks|discussions)|(?:is|are) raising|set to raise|plans? to raise|planning to raise|looking to raise|seeking to raise|according to (?:people|sources|reports?))\b/i;

export const isRumour = (title: string) => RUMOUR.test(title);
