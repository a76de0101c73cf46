import { AMOUNT_WORDS } from './amount-words.ts';
import { isPlaceName } from './place.ts';

/**
 * Who raised and who invested, read from headline grammar: "<descriptors> <Company> raises …",
 * "<Investor> leads €Xm round in <Company>", "led by X, with participation from Y and Z".
 */

/** Verbs a funding headline puts right after the company's name. */
export const FUNDING_VERB =
  /\s+(?:has\s+|have\s+|just\s+)*(?:raises?|raised|raising|secures?|secured|securing|lands?|landed|bags?|bagged|closes?|closed|nabs?|nabbed|snags?|snagged|grabs?|grabbed|scores?|scored|picks up|picked up|pulls in|pulled in|gets|got|receives?|received|attracts?|attracted|banks?|banked|collects?|collected|hauls in|hauled in|completes?|completed|announces?|announced|wins?|won|takes in|rakes in|raked in|nets|netted|pockets|pocketed|scoops(?: up)?|scooped(?: up)?|clinches|clinched|draws in|drew in|reels in|brings in|brought in|tops up|locks in|gathers|garners|obtains|is backed with|backed with|gets backing|in (?:advanced |early |final )?talks (?:for|to raise|over)|eyes|seeks|nears|emerges from stealth with|comes out of stealth with|launches with|debuts with|extends|adds|snaps up|snapped up|unveils?)\b/i;

/** "X leads $50M round in Cleo", "X backs Cleo with €5m", "X invests €5m in Cleo". */
const INVESTOR_FIRST =
  /^(?<investor>.+?)\s+(?:co-)?(?:leads?|led|backs?|backed|invests?|invested|injects?|pours?|puts|bets)\b.*?\b(?:in|into|for|on)\s+(?<company>[^,.;:]+?)(?:['’]s\b|,|\.|;|:|\s+(?:to|as|for|with|amid|after)\b|$)/i;
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
    'stealth',
    'ai',
    'software',
    'robotics',
    'agency',
    'studio',
    'lab',
    'labs',
    'group',
    'venture',
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
/**
 * A token that can be part of a name: it holds a capital or a digit, and is not an adjective
 * compound ("Berlin-based", "One-year-old", "AI-powered": lowercase after the hyphen) nor an amount
 * ("$40M", "€1.2bn", "200m").
 */
const looksLikeName = (token: string) =>
  /[\p{Lu}\d]/u.test(token) &&
  !/-(?:based|headquartered)$/i.test(token) &&
  !/^[\p{L}\d.]+(?:-\p{Ll}[\p{Ll}\d]*)+$/u.test(token) &&
  !AMOUNT_TOKEN.test(token);
const AMOUNT_TOKEN = /^(?:(?:US|A|C|S)?[€£$¥]|\d[\d.,]*(?:[kmb]n?|bn|million|billion|mln)?$)/i;

/** Words that start a sentence or point at a company without naming it. */
const NOT_A_NAME = new Set(
  [
    'this',
    'that',
    'these',
    'those',
    'it',
    'its',
    'they',
    'their',
    'his',
    'her',
    'our',
    'your',
    'my',
    'we',
    'i',
    'he',
    'she',
    'the',
    'a',
    'an',
    'another',
    'one',
    'two',
    'three',
    'why',
    'how',
    'what',
    'who',
    'which',
    'when',
    'where',
    'here',
    'there',
    'startup',
    'startups',
    'company',
    'companies',
    'firm',
    'report',
    'reports',
    'exclusive',
    'breaking',
    'update',
    'confirmed',
    'today',
    'yesterday',
    'now',
    'also',
    'meanwhile',
    'founder',
    'founders',
    'investors',
    'ceo',
    'inside',
    'meet',
    'with',
    'after',
    'as',
    'behind',
    'at',
    'on',
    'in',
    'for',
    'from',
    'can',
    'will',
    'is',
    'does',
    'should',
    'valued',
  ].map((w) => w.toLowerCase()),
);

/** Outlets and wires a headline cites; never the company raising. */
const PUBLICATIONS =
  /^(?:TechCrunch|Sifted|EU-Startups|Tech\.eu|Reuters|Bloomberg|Forbes|Fortune|Axios|CNBC|WSJ|The Wall Street Journal|Financial Times|FT|The Information|Business Insider|Insider|Recode|The Verge|VentureBeat|Crunchbase(?: News)?|PitchBook|Dealroom|UKTN|Mint|Handelsblatt|Les Echos|Maddyness)$/i;

/** Words that make the name before them a person: "Kelpie founder Jane Doe", "ex-Uber exec Ana Ruiz". */
const PERSON_ROLE =
  /^(?:founder|co-?founder|ceo|cto|coo|cfo|chief|exec|executive|entrepreneur|billionaire|investor|veteran|alum|alumnus|alumna|engineer|scientist|researcher|president|chairman|chairwoman|partner|professor|dr\.?|mr\.?|ms\.?|mrs\.?)$/i;
/** An appositive that makes the name a person: "Jane Doe, founder of Kelpie, raises…". */
const PERSON_APPOSITIVE =
  /^\s*(?:the\s+|a\s+|an\s+)?(?:(?:former|serial|ex-)\s*)?(?:co-?founder|founder|ceo|chief executive|cto|president|creator|inventor|partner|investor|entrepreneur|billionaire|who (?:founded|co-founded|started|created|ran|runs|built|led))\b/i;

/** A name as a reader would take it: a letter in it, not an amount, a place, an outlet or a pointer word. */
export function isCompanyName(name: string): boolean {
  if (!/\p{L}/u.test(name) || name.length > 60) return false;
  const words = name.split(/\s+/);
  if (words.every((w) => NOT_A_NAME.has(w.toLowerCase()) || DESCRIPTORS.has(w.toLowerCase()))) return false;
  if (NOT_A_NAME.has(words[0]!.toLowerCase()) && words.length === 1) return false;
  return !isPlaceName(name) && !PUBLICATIONS.test(name) && !words.some((w) => AMOUNT_TOKEN.test(w));
}

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
 * capitalised run). A person ("Kelpie founder Jane Doe", "Jane Doe, founder of Kelpie,") is no name.
 */
export function nameBefore(prefix: string): { name: string; clear: boolean } | null {
  const [head = '', ...rest] = prefix.split(/,\s+/);
  if (rest.length > 0 && PERSON_APPOSITIVE.test(rest.join(', '))) return null;
  const found = nameIn(head);
  // "Valued at $1.2B, Arbolo raises": a leading phrase, the name after its comma
  const tail = rest
    .map((part) => part.replace(/,\s*$/, '').trim())
    .filter(Boolean)
    .at(-1);
  return found ?? (tail ? nameIn(tail) : null);
}

function nameIn(head: string): { name: string; clear: boolean } | null {
  const tokens = head.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return null;
  const run: string[] = [];
  let stop = -1;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (isPossessive(token) || !looksLikeName(token)) {
      stop = i;
      break;
    }
    if (run.length > 0 && DESCRIPTORS.has(token.toLowerCase())) {
      stop = i;
      break;
    }
    // "Tesla CEO Elon Musk": a capitalised role word before the run makes it a person
    if (run.length > 0 && PERSON_ROLE.test(token)) return null;
    run.unshift(token);
    if (run.length === 5) break;
  }
  // a role word before the run names a person, not a company
  if (stop >= 0 && PERSON_ROLE.test(tokens[stop]!.replace(/[,:]$/, ''))) return null;
  // "Kelpie's Jane Doe": two plain capitalised words owned by a company (not a place) read as a person
  const owner = stop >= 0 && isPossessive(tokens[stop]!) ? tokens[stop]!.replace(/['’]s$/, '') : null;
  if (owner && !isPlaceName(owner) && run.length === 2 && run.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w)))
    return null;
  // "Online Used Car Startup Shift": in Title Case the descriptors are capitalised too
  while (run.length > 1 && (DESCRIPTORS.has(run[0]!.toLowerCase()) || NOT_A_NAME.has(run[0]!.toLowerCase())))
    run.shift();
  if (run.length > 0) {
    const name = trimName(run.join(' '));
    return isCompanyName(name) ? { name, clear: true } : null;
  }
  // "Dutch neobank bunq": a lowercase brand right after a descriptor; any other lowercase word is
  // no name ("invests $2B in new data centers")
  const last = tokens[tokens.length - 1]!;
  const beforeLast = tokens[tokens.length - 2]?.toLowerCase();
  if (!beforeLast || !DESCRIPTORS.has(beforeLast) || DESCRIPTORS.has(last.toLowerCase())) return null;
  if (NOT_A_NAME.has(last.toLowerCase())) return null;
  const name = trimName(last);
  return /^\p{Ll}+$/u.test(name) && name.length > 2 && isCompanyName(name) && !COMMON_WORD.test(name)
    ? { name, clear: false }
    : null;
}

/** Lowercase words a headline puts before a verb that are not brands ("money", "funding", "startup"). */
const COMMON_WORD =
  /^(?:money|funding|cash|capital|investment|investors?|founders?|startups?|companies|firms?|it|which|that|who|also|now|finally|officially|quietly|reportedly)$/;

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
    // "Kelpie (YC W24) raises": an aside in brackets is not part of the name
    const prefix = headline.slice(0, verb.index).replace(/\s*\([^)]*\)/g, '');
    // "ShopRunner acquires Spring, raises $40M": the raise shares the first verb's subject
    const shared = /^(.+?)\s+\p{Ll}+s\s+[^,]+,\s*$/u.exec(prefix);
    const before = (shared ? shared[1]! : prefix).replace(HEDGE_WORDS, '');
    const found = nameBefore(before);
    if (found?.name) return { ...found, leadFromTitle: null };
    // "Arbolo's valuation soars as it lands $90M": "it" is the headline's subject
    const subject = headlineSubject(headline);
    if (subject && POINTER.test(before.trim())) return { name: subject, clear: true, leadFromTitle: null };
    // "Kelpie valued at $1B after raising $100M": the clause before the verb opens with the name
    if (subject && before.startsWith(subject) && !PERSON_BEFORE.test(before) && !OWNED_PERSON.test(before))
      return { name: subject, clear: false, leadFromTitle: null };
    // "Jane Doe, founder of Kelpie, raises $3M for her new startup Zeta"
    const rest = headline.slice(verb.index);
    const venture = NEW_VENTURE.exec(rest);
    const named = venture ? nameBefore(venture[1]!) : null;
    if (named?.clear) return { ...named, leadFromTitle: null };
    // "Tesla CEO Elon Musk raises $6B for xAI": a person raising names the company after "for"
    const forName = PERSON_BEFORE.test(before) || OWNED_PERSON.test(before) ? FOR_NAME.exec(rest) : null;
    const company = forName ? nameBefore(forName[1]!) : null;
    if (company?.clear) return { ...company, leadFromTitle: null };
  }
  const first = INVESTOR_FIRST.exec(headline) ?? BACKS_COMPANY.exec(headline);
  if (first?.groups) {
    // "into Tallinn's Kivi": the place's possessive stands before the name
    const after = headline.slice((first.index ?? 0) + first[0].length);
    const placeOwned =
      isPlaceName(first.groups.company!.trim()) && /['’]s$/.test(first[0])
        ? /^\s+([^,.;:]+?)(?:[,.;:]|\s+(?:to|as|for|with|amid|after)\b|$)/.exec(after)
        : null;
    const company = nameBefore(placeOwned ? placeOwned[1]! : first.groups.company!);
    const investor = cleanInvestor(first.groups.investor!.replace(/^\S+['’]s\s+/, ''));
    const namedInvestor =
      isInvestorName(investor) && !NOT_A_NAME.has(investor.toLowerCase()) ? investor : null;
    // only a capitalised name: "invests $10bn in UK AI infrastructure" names no company
    if (company?.clear) return { ...company, leadFromTitle: namedInvestor };
  }
  // "Kelpie's €4m seed round…", "€4m for Kelpie to…"
  const owner = OWNER_OF_ROUND.exec(headline) ?? ROUND_FOR.exec(headline);
  if (owner?.groups) {
    const company = nameBefore(owner.groups.company!);
    if (company?.clear) return { ...company, leadFromTitle: null };
  }
  // "Arbolo becomes a unicorn with $90M raise": a round named as a noun, the headline's subject raising
  if (!first && ROUND_PHRASE.test(headline)) {
    const subject = headlineSubject(headline);
    if (subject) return { name: subject, clear: false, leadFromTitle: null };
  }
  return null;
}

/** A role word or an appositive in the clause: the name that opens it is a person's. */
const PERSON_BEFORE = /\b(?:founder|co-?founder|ceo|cto|exec|executive|entrepreneur|billionaire|investor)\b/i;
/** "Stripe's Jane Doe": a person of the company, not the company raising. */
const OWNED_PERSON = /['’]s\s+\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+\s*$/u;
/** "for her new startup Zeta", "for new venture Zeta". */
const NEW_VENTURE =
  /\bfor\s+(?:(?:his|her|their|a|the|its)\s+)?(?:new\s+|next\s+)?(?:[\w-]+\s+)?(?:venture|startup|start-up|company)\s+([\p{Lu}][^,;:]*?)(?=[,;:]|\s+(?:to|as|in|from|led|with)\b|$)/u;

/** The name right after "for", up to the next clause: "for xAI", "for Zeta Labs to …". */
const FOR_NAME =
  /\bfor\s+(?!(?:his|her|their|its|a|an|the)\b)(\S+(?:\s+[\p{Lu}\d]\S*){0,2})(?=[,;:]|\s+(?:to|as|in|from|led|with|at)\b|\s*$)/u;

/** An amount with the round noun right after it: "$90M raise", "€5m seed round", "$40M Series B". */
const ROUND_PHRASE = new RegExp(
  String.raw`${AMOUNT_WORDS}\s+(?:in\s+)?(?:(?:new|fresh|additional|seed|equity|funding|investment|financing)\s+)*(?:round|raise|funding|investment|financing|series [a-z]|seed)\b`,
  'i',
);

const ROUND_NOUN = `(?:${AMOUNT_WORDS}|series [a-z]|seed|pre-seed|funding|round|raise|investment)`;
const OWNER_OF_ROUND = new RegExp(
  String.raw`^(?<company>[^,:;]+?)['’]s\s+(?:new\s+|latest\s+|fresh\s+)?${ROUND_NOUN}`,
  'i',
);
const ROUND_FOR = new RegExp(
  String.raw`(?:^|\s)(?:${AMOUNT_WORDS}|series [a-z]|seed round|funding|round|investment)\s+(?:[\w-]+\s+){0,3}for\s+(?<company>[^,:;]+?)(?:\s+(?:to|as|in|from|led)\b|[,:;]|$)`,
  'i',
);

/**
 * The company a headline is about when it names no round ("China's ByteDance leapfrogs Uber…"):
 * the first run of name-like words, after kickers, descriptors and possessive places.
 */
export function headlineSubject(title: string): string | null {
  const tokens = stripKicker(title.trim()).split(/\s+/);
  const run: string[] = [];
  for (const raw of tokens) {
    const token = raw.replace(/[,:;]$/, '');
    if (run.length === 0) {
      // skip "China's", "Berlin-based", descriptors and pointer words before the name
      if (isPossessive(token) && isPlaceName(token.replace(/['’]s$/, ''))) continue;
      if (
        DESCRIPTORS.has(token.toLowerCase()) ||
        NOT_A_NAME.has(token.toLowerCase()) ||
        !looksLikeName(token)
      )
        continue;
    } else if (!looksLikeName(token) || DESCRIPTORS.has(token.toLowerCase())) break;
    run.push(isPossessive(token) ? token.replace(/['’]s$/, '') : token);
    if (isPossessive(token) || raw !== token || run.length === 4) break;
  }
  const name = trimName(run.join(' '));
  return name && isCompanyName(name) ? name : null;
}

/**
 * The company named before a summary's raise verb ("Innovusion, a two-year-old startup …, has
 * raised"), or `pointer` when the sentence only points at it ("the company has completed").
 */
export function nameBeforeVerb(prefix: string): { name: string; clear: boolean } | 'pointer' | null {
  const text = prefix.replace(HEDGE_WORDS, '').trim();
  if (POINTER.test(text)) return 'pointer';
  return nameBefore(text);
}
/** "it", "the company", "the AI search startup" — not "the new company" (a spinout, unnamed). */
const POINTER =
  /(?:^|\s)(?:it|the (?!new\b)(?:[\w-]+\s+){0,3}(?:company|startup|firm|business|platform|scaleup|scale-up|start-up|fintech|team|maker|provider|developer|app))$/i;

/* ---- investors ---- */

/** Where the next investor clause begins: a list of names ends there ("led by X, with participation from Y"). */
const NEXT_CLAUSE = String.raw`,?\s+(?:with participation|with support|with backing|with existing|with new|with follow-on|and with|alongside|along with|as well as|(?:and )?joined by|(?:and )?(?:existing|returning) (?:investors|backers|shareholders))\b`;
/** Words after a list of names that start the rest of the sentence ("X and Y returned for the extension"). */
const CLAUSE_END = String.raw`,?\s+(?:to|as|which|who|bringing|taking|the round|the company|it|also|returned|joined|participated|took part|followed|invested|according)\s`;

/** Words after a lead's name that start the rest of a headline ("led by Porsche for its AR tech"). */
const AFTER_LEAD = String.raw`\s+(?:to|for|as|in|at|on|with|from|which|that|who|amid|after|bringing|taking|valuing)\s`;
const LEAD = new RegExp(
  String.raw`\b(?:(?:co-)?led by|leading the (?:round|investment|raise|financing) (?:is|are|was|were))\s+(.+?)(?=${NEXT_CLAUSE}|${CLAUSE_END}|${AFTER_LEAD}|[.;]|\s+\(|$)`,
  'i',
);
/** "Kibo Ventures led the round", "Andreessen Horowitz co-led the investment". */
const LED_THE_ROUND =
  /(?:^|[.;]\s+)([\p{Lu}][^.;]*?)\s+(?:has\s+|have\s+)?(?:co-)?led (?:the|this|its)\s+(?:[^.;\s]+\s+){0,3}?(?:round|investment|raise|financing|[Ss]eries [A-Za-z]|[Ss]eed)/u;
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

/**
 * The name in a described investor: "banking giant Goldman Sachs", "automotive retailer Lithia
 * Motors", "Chinese firms Nio Capital" → the capitalised run after the last lowercase word.
 */
function dropDescription(text: string): string {
  const words = text.split(/\s+/);
  let last = -1;
  for (let i = 0; i < words.length - 1; i++) {
    if (/^\p{Ll}/u.test(words[i]!) && !NAME_JOINERS.has(words[i]!.toLowerCase())) last = i;
  }
  return last >= 0 && /^[\p{Lu}\d]/u.test(words[last + 1]!) ? words.slice(last + 1).join(' ') : text;
}

function cleanInvestor(raw: string): string {
  return dropDescription(
    raw.replace(LEADING_NOISE, '').replace(/^(?:U\.S\.|US|UK|EU|[\p{Lu}][\p{L}]+)-based\s+/u, ''),
  )
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
  // the round's own "led by" names its leads; the investor a headline names comes after them
  const leads: string[] = [];
  const lead = LEAD.exec(text) ?? LED_THE_ROUND.exec(text);
  if (lead) leads.push(...splitInvestors(lead[1]!));
  if (leadFromTitle) leads.push(leadFromTitle);
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
