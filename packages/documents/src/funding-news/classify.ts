/**
 * Is this article a company's funding round? Headlines that use funding verbs for other news are
 * kept out: acquisitions, layoffs and shutdowns, opinion and round-ups, "raises prices", IPOs, grants,
 * and venture funds closing their own fund (an investor raising from LPs is not a borrower's round).
 */

import { AMOUNT_WORDS } from './amount-words.ts';
import { FUNDING_VERB } from './parties.ts';

export interface NotFunding {
  rule:
    | 'opinion'
    | 'acquisition'
    | 'layoffs'
    | 'not_money'
    | 'fund_close'
    | 'grant'
    | 'ipo'
    | 'public_offering'
    | 'debt_facility'
    | 'no_round';
  /** The rule in words, for the process endpoint's answer. */
  detail: string;
}

/** An optional fund size before the word fund: "€200m ", "$1.3bn ". */
const FUND_SIZE = String.raw`(?:(?:US)?[€£$]\s?[\d.,]+\s?(?:[mb]n?|million|billion|k)?\s+)?`;

/**
 * A company raising now, in the present tense, with its amount: "ShopRunner acquires Spring, raises
 * $40M" reports a round as well as the purchase. Not "closes its $7.5B purchase": an amount that
 * is a deal's price is no round.
 */
export const RAISES_NOW = new RegExp(
  String.raw`\b(?:raises|secures|lands|bags|nabs|snags|scores|pulls in|picks up|banks|collects|nets|pockets|hauls in|rakes in|scoops(?: up)?|snaps up|clinches|draws in|reels in|gets|attracts|receives|closes)\s+(?:an?\s+|another\s+|a further\s+|fresh\s+|new\s+)?${AMOUNT_WORDS}(?!\s*(?:purchase|acquisition|deal|takeover|buyout|sale|merger))`,
  'i',
);

/**
 * A listed company raising from the market: a stock or share sale, a public, secondary or
 * follow-on offering, a placing or rights issue, notes or bonds sold to investors.
 */
export const PUBLIC_OFFERING =
  /\b(stock sale|share sale|sale of (?:new )?(?:shares|stock)|(?:share|stock|equity|public|secondary|follow-on|registered direct|at-the-market|bond|notes) offering|offering of (?:\w+ )?(?:common )?(?:stock|shares|notes|bonds)|rights issue|(?:via|in|through) (?:an? )?(?:\w+ )?placing|share placement|(?:convertible |exchangeable )?senior (?:secured )?notes|convertible notes offering|(?:through|via|in|by selling|by issuing) (?:an? )?(?:new )?(?:convertible |senior |green |corporate |exchangeable )*(?:notes|bonds|debentures)|bond (?:sale|issue)|issues? bonds|sells? (?:\S+ )?(?:(?:of|in|worth of) )?(?:new )?(?:shares|stock)|direct listing|secondary (?:transaction|share sale|sale|deal)|tender offer|priced? (?:its |an? )?(?:upsized )?(?:offering|IPO))\b/i;

const RULES: [NotFunding['rule'], RegExp, string][] = [
  [
    'opinion',
    /(\?\s*$|^(?:why|how|what|when|opinion|analysis|comment|podcast|webinar|interview|guide|top \d+|the \d+|\d+ (?:startups|companies|things|lessons|ways))\b|\b(?:round-?up|this week in|weekly|lessons from|predictions|explained|podcast|newsletter|week in review|(?:biggest|largest|top) (?:\w+ )?(?:funding )?(?:rounds|raises|deals))\b)/i,
    'an opinion piece, analysis or round-up, not one round',
  ],
  [
    'acquisition',
    /\b(acquires?|acquired|acquiring|acquisitions?|acqui-?hires?|to acquire|buys|bought|buying|buyout|(?:to|will|could|would|may|might) buy|agree(?:s|d)? to buy|exits? to|purchases?|purchased|merges?|merged|merger|merging|takeover|takes over|took over|taken over|taking over|snaps up|snapped up|scoops up|sells? (?:itself |its \w+ )?to|sold to|all-stock deal|all-cash deal|deal to buy|bid for)\b/i,
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
        // "raises $300m across two funds", "new vehicle", "fund of funds"
        String.raw`\bacross (?:two|three|four|\d) (?:new )?funds\b|\bfunds? of funds\b|\b(?:new|first|second|third|debut) (?:investment )?vehicle\b`,
        // "for its new fund", "for Fund II", "for its second climate fund"
        String.raw`\bfor (?:its |a |their )?(?:[\w-]+\s+){0,3}funds?\b(?!\s+(?:its|the|their|a)\b)`,
        // "raises $50m to back early-stage startups": money raised to invest in others
        String.raw`\bto (?:back|invest in|fund|seed)\s+(?:[\w-]+\s+){0,4}(?:startups|founders|entrepreneurs|companies|businesses|fintechs|scaleups|scale-ups|portfolio companies)\b`,
      ].join('|'),
      'i',
    ),
    'an investor closing a fund of its own, not a company raising',
  ],
  [
    // "Berlin VC firm Oakfield raises…": the headline's subject is an investor (case matters: the
    // name after the words is capitalised, "investment platform Kelpie" is not an investor)
    'fund_close',
    /^(?:[\w'’-]+\s+){0,2}(?:VC|[Vv]enture capital|[Pp]rivate equity|[Ii]nvestment)\s+(?:(?:firm|fund|investor|house)\s+)?\p{Lu}/u,
    'an investor closing a fund of its own, not a company raising',
  ],
  [
    'grant',
    // a grant or subsidy is not equity or debt; "grant and equity" (EIC blended finance) is a round
    /^(?!.*\b(?:round|series|seed|equity|investment|venture debt|loan)\b).*\b(?:grants?|subsid(?:y|ies))\b/i,
    'a grant or subsidy, not a funding round',
  ],
  [
    'public_offering',
    PUBLIC_OFFERING,
    'shares or notes sold to the market or by existing holders, not new money for a private company',
  ],
  [
    'ipo',
    /\b(IPO|initial public offering|goes public|go public|files? (?:to|for) (?:list|go public)|stock market listing|public debut|stock market debut|debuts on (?:the )?(?:Nasdaq|NYSE|stock)|lists? on (?:the )?(?:Nasdaq|NYSE|LSE|London Stock Exchange|Euronext)|SPAC)\b/i,
    'an IPO or listing, not a private round',
  ],
];

const PURPOSE =
  /\s(?:to|for|as it|as they|and)\s+(?:fuel|fund|finance|drive|pursue|accelerate|back|support|power|help|expand|grow|scale)\b.*$/i;

/** Words that say a round happened; one of them must be in the title (or the summary's round sentence). */
const ROUND_WORDS =
  /\b(funding|fund-?raise|round|investment|financing|raises?|raised|raising|secures?|secured|lands?|landed|bags?|bagged|closes?|closed|nabs?|snags?|grabs?|scores?|picks up|pulls in|banks?|hauls in|rakes in|nets|pockets|backs|backed|leads|led|invests?|invested|injects?|pours?|poured|bets|seed|pre-seed|series [a-z]|emerges? from stealth|out of stealth|launch(?:es)? with|venture debt|debt (?:financing|facility)|credit facility|capital injection|in talks for|eyes|seeks)\b/i;

/** Before an IPO word, a private round's own words: "pre-IPO", "ahead of its IPO", "eyes an IPO". */
const BEFORE_LISTING =
  /(?:pre[\s-]|(?:ahead of|before|towards?|eyes|prepares? for|preparing for)\s+(?:an?\s+|its\s+|a possible\s+|a potential\s+|an eventual\s+)?)$/i;

/** An IPO or listing, unless the headline is a round on the way to one. */
function isListing(title: string, pattern: RegExp): boolean {
  const match = pattern.exec(title);
  return match !== null && !BEFORE_LISTING.test(title.slice(Math.max(0, match.index - 40), match.index));
}

/**
 * A rule that keeps the headline out whatever else it says (an acquisition, a fund, an IPO…), or
 * null. Acquisition words do not count beside a present raise ("acquires Spring, raises $40M") or
 * in a purpose clause ("raises €40m to fuel acquisitions").
 */
export function rejectedTopic(title: string): NotFunding | null {
  const withoutPurpose = title.replace(PURPOSE, '');
  for (const [rule, pattern, detail] of RULES) {
    const hit =
      rule === 'acquisition'
        ? pattern.test(withoutPurpose) && !RAISES_NOW.test(title)
        : rule === 'ipo'
          ? isListing(title, pattern)
          : pattern.test(rule === 'layoffs' ? withoutPurpose : title);
    if (hit) return { rule, detail };
  }
  return null;
}

/**
 * Null when the article reads as a funding round, else the rule that keeps it out. `hasFigure`
 * says whether an amount or a stage was read: a round needs at least one of them.
 */
export function notFundingNews(title: string, hasFigure: boolean): NotFunding | null {
  const rejected = rejectedTopic(title);
  if (rejected) return rejected;
  if (!(ROUND_WORDS.test(title) || FUNDING_VERB.test(title)) || !hasFigure) return NO_ROUND;
  return null;
}

export const NO_ROUND: NotFunding = {
  rule: 'no_round',
  detail: 'no round named: no funding words with an amount or a stage',
};

export const hasRoundWords = (text: string) => ROUND_WORDS.test(text);

/** A raise in a relative or time clause: "Kelpie, which raised $20M last year, launches…". */
const PAST_RAISE =
  /\b(?:which|that|who|after|since|having|once)\s+(?:has\s+|had\s+|just\s+|recently\s+|previously\s+)*(?:raised|raising|secured|securing|closed|closing|landed|landing|banked|bagged)\b/i;

/** The headline's only raise is background to other news. */
export const raisesOnlyInThePast = (title: string) =>
  PAST_RAISE.test(title) && !RAISES_NOW.test(title) && !VALUED_AFTER_RAISING.test(title);
/** "valued at $1B after raising $100M": the raise is the news the valuation comes from. */
const VALUED_AFTER_RAISING = /\bvalu(?:ed|ation)\b[^,;]*\bafter (?:raising|closing|securing|landing)\b/i;

/** Debt instruments: a facility, a credit line, venture debt, notes or bonds. */
const DEBT_INSTRUMENT =
  /\b(?:credit (?:facility|line)|line of credit|debt (?:facility|financing|funding|round|raise|package|capital)|loan (?:facility|financing)|warehouse (?:facility|line)|venture debt|revenue-based financing|asset-backed (?:facility|financing)|in (?:new )?debt\b|term loan|(?:[€£$]|EUR |USD |GBP )[\d.,]+\s?(?:[kmb]n?|million|billion)?\s+loan\b|securiti[sz]ation)/i;
/** Words that put equity beside the debt: a mixed round is a round. */
const EQUITY =
  /\b(?:equity|series [a-z]|seed|pre-seed|shares|stake|(?:funding|investment|financing) round led by|round led by|co-led by|valuation)\b/i;

export const DEBT_FACILITY: NotFunding = {
  rule: 'debt_facility',
  detail: 'a debt facility alone (credit line, loan, venture debt), not an equity round',
};

/** The round is debt and nothing else: a debt instrument is named and no equity anywhere. */
export const isDebtOnly = (text: string) => DEBT_INSTRUMENT.test(text) && !EQUITY.test(text);

/**
 * Words that report a round as talks, plans or hearsay rather than closed: "in talks to raise",
 * "said to be raising", "reportedly", "is raising", "set to raise". Such a round is kept (a lender
 * wants to hear of it early) but marked and trusted less (decision 032).
 */
const RUMOUR =
  /(?:^report:|[,—–]\s*(?:[A-Z][\w.&]*\s+){1,3}reports?\s*$|\b(?:says?|per|according to) (?:a |the )?reports?\b|\breports? says\b|\bsources say\b|\b(?:eyes|eyeing|seeks|seeking|nears|nearing|mulls|mulling) (?:an? |new )?(?:(?:US)?[$€£]|funding|round|raise|investment|series)|\bin (?:advanced |early |final )?talks (?:for|to|over|on)\b)|\b(?:reportedly|said to be|understood to be|believed to be|rumou?red|in (?:advanced |early |final )?(?:talks|discussions)|(?:is|are) raising|set to raise|plans? to raise|planning to raise|looking to raise|seeking to raise|according to (?:people|sources|reports?))\b/i;

/** A valuation clause: "reportedly valued at $1.2B" hedges the valuation, not the round. */
const VALUATION_CLAUSE =
  /,?\s*(?:reportedly\s+|said to be\s+)?(?:valued at|valuing|at an? (?:reported )?valuation)[^,;]*/gi;

export const isRumour = (title: string) => RUMOUR.test(title.replace(VALUATION_CLAUSE, ''));
