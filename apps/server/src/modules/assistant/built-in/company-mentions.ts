import type { Database } from '@atempo/db';
import { companyNameKeyWords, companyNameWords, findWordSequence } from '@atempo/documents';
import { companiesStartingWith } from './company-name-index.ts';

/**
 * Which of the organisation's companies a question names. People say "Acme" for "Acme Robotics
 * Ltd", "Acme's" for Acme, and "acme" in lower case, so a company matches when its whole name, its
 * name key (without the legal form), or its first word (when distinctive) appears in the question
 * as whole words, both normalised the one way (@atempo/documents company-names.ts).
 * Candidates are the companies whose name starts with a word of the question (company-names.ts).
 */

export interface CompanyMention {
  id: string;
  name: string;
  /** 1 whole name, 0.95 name key (without legal form), 0.75 first word only. */
  match: number;
  /** Word positions of the question the mention covers. */
  start: number;
  end: number;
  /** Other companies the same words name as well ("Nordlys" for two Nordlys companies). */
  alternatives: { id: string; name: string }[];
}

/**
 * Words that never name a company on their own (a first-word match on them would find half the
 * organisation: "Company 0001 Labs" for "which company…").
 */
const NOT_A_NAME = new Set(
  `a an the and or of for to in on at by with from is are was were be been what which who whom whose how
  many much when where why do does did have has had we our us you your it its this that these those there
  their they them me my i compare comparison versus vs against between show list tell give find get
  about any all some each every most more less than over under company companies deal deals fund funds
  portfolio pipeline total average stage stages sector sectors geography red flag flags risk risks metric metrics
  revenue arr mrr growth margin burn cash runway churn nrr debt facility size sizing loan document documents
  term sheet say says said not no yes spoken talked contacted days months weeks year years quarter series
  latest status financial financials data new top best worst highest lowest critical high medium low
  lead qualified due diligence ic review closed rejected legal docs ltd inc gmbh group capital partners
  please can could would should will just also only ai ml tech`.split(/\s+/),
);

const MAX_WORDS = 80;

export async function findCompanyMentions(
  db: Database,
  organizationId: string,
  text: string,
): Promise<CompanyMention[]> {
  const words = companyNameWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  return pickMentions(words, await companiesStartingWith(db, organizationId, words));
}

/** The best company for each span of the question; overlapping weaker spans give way. */
export function pickMentions(
  words: string[],
  candidates: { id: string; name: string; words?: string[] }[],
): CompanyMention[] {
  const found: CompanyMention[] = [];
  for (const company of candidates) {
    const nameWords = company.words ?? companyNameWords(company.name);
    const core = companyNameKeyWords(company.name);
    const options: [string[], number][] = [
      [nameWords, 1],
      [core, 0.95],
    ];
    const first = nameWords[0];
    if (first && first.length >= 3 && !NOT_A_NAME.has(first) && nameWords.length > 1)
      options.push([[first], 0.75]);
    for (const [sequence, match] of options) {
      // A one-word name that is also an everyday word ("Pipeline") is not read from "total pipeline".
      if (sequence.length === 0 || (sequence.length === 1 && NOT_A_NAME.has(sequence[0] ?? ''))) continue;
      const start = findWordSequence(words, sequence);
      if (start >= 0) {
        found.push({
          id: company.id,
          name: company.name,
          match,
          start,
          end: start + sequence.length,
          alternatives: [],
        });
        break;
      }
    }
  }
  // Longest, then strongest spans first; a company named once; a span taken once.
  found.sort(
    (a, b) => b.end - b.start - (a.end - a.start) || b.match - a.match || a.name.localeCompare(b.name),
  );
  const chosen: CompanyMention[] = [];
  for (const mention of found) {
    if (chosen.some((c) => c.id === mention.id)) continue;
    const same = chosen.find(
      (c) => c.start === mention.start && c.end === mention.end && c.match === mention.match,
    );
    if (same) {
      same.alternatives.push({ id: mention.id, name: mention.name });
      continue;
    }
    if (chosen.some((c) => mention.start < c.end && c.start < mention.end && c.match >= mention.match))
      continue;
    chosen.push(mention);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * Names a question seems to give that matched no company: a capitalised word after "for", "of",
 * "about", "on", before "'s", or in "compare X and Y". Used to say "no company named X" rather than
 * answer about something else.
 */
export function unmatchedNames(text: string, mentions: CompanyMention[]): string[] {
  const known = new Set(mentions.flatMap((m) => companyNameWords(m.name)));
  const names = new Set<string>();
  const patterns = [
    /\b(\p{Lu}[\p{L}\p{N}&.-]*(?:\s+\p{Lu}[\p{L}\p{N}&.-]*){0,3})['’]s\b/gu,
    /\b(?:for|of|about|on|at|is|compare|and|vs\.?|versus|with)\s+(\p{Lu}[\p{L}\p{N}&.-]*(?:\s+\p{Lu}[\p{L}\p{N}&.-]*){0,3})/gu,
  ];
  for (const pattern of patterns) {
    for (const match of text.slice(0, 600).matchAll(pattern)) {
      const name = (match[1] ?? '').trim();
      const words = companyNameWords(name);
      if (words.length === 0 || words.every((w) => NOT_A_NAME.has(w) || known.has(w))) continue;
      if (/^(IC|DD|ARR|MRR|NRR|EBITDA|CAC|LTV|DSCR|EUR|USD|GBP|Series|Rule|Q[1-4])$/i.test(name)) continue;
      names.add(name);
    }
  }
  return [...names].slice(0, 3);
}
