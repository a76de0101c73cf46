/**
 * Who raised and who invested, read from headline grammar: "<descriptors> <Company> raises …",
 * "<Investor> leads €Xm round in <Company>", "led by X, with participation from Y and Z".
 */

/** Verbs a funding headline puts right after the company's name. */
export const FUNDING_VERB =
  /\s+(?:has\s+|have\s+)?(?:raises?|raised|raising|secures?|secured|securing|lands?|landed|bags?|bagged|closes?|closed|nabs?|nabbed|snags?|snagged|grabs?|grabbed|scores?|scored|picks up|picked up|pulls in|pulled in|gets|got|receives?|received|attracts?|attracted|banks?|banked|collects?|collected|hauls in|hauled in|completes?|completed|announces?|announced|wins?|won|takes in|rakes in|unveils?)\b/i;

/** "X leads $50M round in Cleo", "X backs Cleo with €5m", "X invests €5m in Cleo". */
const INVESTOR_FIRST =
  /^(?<investor>.+?)\s+(?:co-)?(?:leads?|led|backs?|backed|invests?|invested|injects?|pours?|puts)\b.*?\b(?:in|into)\s+(?<company>[^,.;:]+?)(?:['’]s\b|,|\.|;|:|\s+(?:to|as|for|with|amid|after)\b|$)/i;
const BACKS_COMPANY = /^(?<investor>.+?)\s+(?:backs?|backed)\s+(?<company>[^,.;:]+?)\s+(?:with|in)\b/i;

/** Words that describe a company rather than name it ("Berlin-based climate startup Enpal"). */
const DESCRIPTORS = new Set(
  [
    'startup',
    'start-up',
    'startups',
    'scaleup',
    'scale-up',
    'company',
    'firm',
    'platform',
    'provider',
    'maker',
    'developer',
    'unicorn',
    'neobank',
    'bank',
    'app',
    'fintech',
    'insurtech',
    'healthtech',
    'medtech',
    'biotech',
    'proptech',
    'edtech',
    'legaltech',
    'cleantech',
    'climate',
    'climatetech',
    'tech',
    'deeptech',
    'saas',
    'b2b',
    'specialist',
    'operator',
    'marketplace',
    'lender',
    'insurer',
    'brand',
    'retailer',
    'spinout',
    'spin-out',
    'the',
    'a',
    'an',
    'and',
    'of',
    'for',
    'exclusive',
    'breaking',
    'report',
    'reportedly',
    'new',
    'fast-growing',
    'london',
    'uk',
    'eu',
    'european',
    'german',
    'french',
    'dutch',
    'british',
    'swedish',
    'spanish',
    'irish',
    'us',
  ].map((w) => w.toLowerCase()),
);

/**
 * Words a headline puts between the name and the verb when the round is not (yet) closed or is
 * hedged: "Synthesia is raising", "Mistral AI said to be raising", "X in talks to raise", "X is
 * reportedly set to raise". Stripped from the end of the text before the verb so the name is read.
 */
const HEDGE_WORDS =
  /(?:\s+(?:is|are|was|were|has|have|been|be|being|reportedly|said|understood|believed|rumou?red|set|to|in|advanced|early|final|talks|discussions|looking|seeking|planning|plans|about|poised|close|nearing|now|also|already))+$/i;

const isPossessive = (token: string) => /['’]s$/.test(token);
const looksLikeName = (token: string) => /[\p{Lu}\d]/u.test(token) && !/-based$|-headquartered$/i.test(token);

/** Strip "Exclusive:", "Funding roundup |" and similar kickers before the headline proper. */
function stripKicker(title: string): string {
  const kicker = /^[^:|–—]{1,40}[:|–—]\s+/.exec(title);
  if (kicker && !FUNDING_VERB.test(kicker[0])) return title.slice(kicker[0].length);
  return title;
}

/**
 * The name from the text before the funding verb: the part before an appositive comma
 * ("Synthesia, the AI video platform,"), then the trailing run of name-like tokens, stopping at a
 * descriptor, a possessive ("Berlin's") or a lowercase word. Descriptors are allowed as the last
 * token so "Mistral AI" keeps its "AI". `clear` is false when the name had to be guessed (no
 * capitalised run).
 */
function nameBefore(prefix: string): { name: string; clear: boolean } | null {
  const head = prefix.split(/,\s+/)[0]!.trim();
  const tokens = head.split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return null;
  const run: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (isPossessive(token) || !looksLikeName(token)) break;
    if (run.length > 0 && DESCRIPTORS.has(token.toLowerCase())) break;
    run.unshift(token);
    if (run.length === 5) break;
  }
  if (run.length > 0) return { name: trimName(run.join(' ')), clear: true };
  // "Dutch neobank bunq": a lowercase brand is the last word
  const last = tokens[tokens.length - 1]!;
  return DESCRIPTORS.has(last.toLowerCase()) ? null : { name: trimName(last), clear: false };
}

const trimName = (name: string) => name.replace(/^[“"'‘(]+|[”"'’),:;]+$/g, '').trim();

export interface CompanyName {
  name: string;
  /** Read from a clear pattern rather than guessed. */
  clear: boolean;
  /** The investor a headline names first ("Index leads round in X"), if any. */
  leadFromTitle: string | null;
}

export function findCompanyName(title: string): CompanyName | null {
  const headline = stripKicker(title.trim());
  const verb = FUNDING_VERB.exec(headline);
  if (verb && verb.index > 0) {
    const found = nameBefore(headline.slice(0, verb.index).replace(HEDGE_WORDS, ''));
    if (found?.name) return { ...found, leadFromTitle: null };
  }
  const first = INVESTOR_FIRST.exec(headline) ?? BACKS_COMPANY.exec(headline);
  if (first?.groups) {
    const company = nameBefore(first.groups.company!);
    if (company?.name) {
      return { ...company, leadFromTitle: cleanInvestor(first.groups.investor!) };
    }
  }
  return null;
}

/* ---- investors ---- */

/** Where the next investor clause begins: a list of names ends there ("led by X, with participation from Y"). */
const NEXT_CLAUSE = String.raw`,?\s+(?:with participation|with support|with backing|with existing|with new|with follow-on|and with|alongside|along with|as well as|(?:and )?joined by|(?:and )?(?:existing|returning) (?:investors|backers|shareholders))\b`;
/** Words after a list of names that start the rest of the sentence ("X and Y returned for the extension"). */
const CLAUSE_END = String.raw`,?\s+(?:to|as|which|who|bringing|taking|the round|the company|it|also|returned|joined|participated|took part|followed|invested|according)\s`;

const LEAD = new RegExp(String.raw`\b(?:co-)?led by\s+(.+?)(?=${NEXT_CLAUSE}|[.;]|\s+\(|$)`, 'i');
/** "Kibo Ventures led the round", "Andreessen Horowitz co-led the investment". */
const LED_THE_ROUND =
  /(?:^|[.;]\s+)([\p{Lu}][^.;]*?)\s+(?:co-)?led the (?:round|investment|raise|financing|series [a-z])/u;
/**
 * Clauses that name further investors. "<round words> from X" reads investors from a title ("$120M
 * in Series C funding from Tiger Global"), but not from a debt facility: its provider is a lender.
 */
const OTHERS = new RegExp(
  String.raw`\b(?:with participation (?:from|of|by)|participation from|with (?:support|backing) from|alongside|along with|joined by|backed by|investors include|investors including|from investors (?:including|such as)|with (?:existing|new) investors?|(?:existing|returning) (?:investors|backers|shareholders)(?: including| such as)?|with follow-on from|as well as|(?<!debt |credit |loan )(?:funding|investment|financing|round|capital|backing) from)\s+(.+?)(?=${NEXT_CLAUSE}|[.;]|\s+\(|${CLAUSE_END}|$)`,
  'gi',
);
const LEADING_NOISE =
  /^(?:(?:and|also|including|such as|the|as well as|both|existing|new|returning|investors?|backers?|shareholders?|participation from|follow-on from|from)\s+)+/i;

function cleanInvestor(raw: string): string {
  return raw
    .replace(LEADING_NOISE, '')
    .replace(/\s+(?:among others|and others|and (?:several|other|a number of|a group of) .*|plus .*)$/i, '')
    .replace(/^[“"'‘]+|[”"'’.,]+$/g, '')
    .trim();
}

/** Words an investor's name may hold in lowercase ("Bank of America", "Fonds de Solidarité"). */
const NAME_JOINERS = new Set([
  'of',
  'de',
  'du',
  'des',
  'la',
  'le',
  'the',
  'and',
  '&',
  'for',
  'van',
  'von',
  'der',
  'den',
  'di',
  'e',
  'y',
]);

/** A name, not a clause: at most 6 words, each capitalised (anywhere: "byFounders") or a joiner. */
function isInvestorName(name: string): boolean {
  const words = name.split(/\s+/);
  if (name.length < 2 || name.length > 80 || words.length > 6) return false;
  return (
    /[\p{Lu}\d]/u.test(words[0]!) &&
    words.every((w) => /[\p{Lu}\d]/u.test(w) || NAME_JOINERS.has(w.toLowerCase()))
  );
}

function splitInvestors(segment: string): string[] {
  return segment
    .split(/,\s*(?:and\s+)?|\s+and\s+/)
    .map(cleanInvestor)
    .filter(isInvestorName);
}

export interface Investors {
  investors: string[];
  lead: string | null;
}

/** Lead investors first, then the others, each once, from the title and summary together. */
export function findInvestors(text: string, leadFromTitle: string | null): Investors {
  const leads: string[] = leadFromTitle ? [leadFromTitle] : [];
  const lead = LEAD.exec(text) ?? LED_THE_ROUND.exec(text);
  if (lead) leads.push(...splitInvestors(lead[1]!));
  const others: string[] = [];
  OTHERS.lastIndex = 0;
  for (let m = OTHERS.exec(text); m; m = OTHERS.exec(text)) others.push(...splitInvestors(m[1]!));
  const seen = new Set<string>();
  const investors = [...leads, ...others].filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { investors, lead: leads[0] ?? null };
}
