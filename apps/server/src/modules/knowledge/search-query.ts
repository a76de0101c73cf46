/**
 * What a person typed, split into what must hold and what should rank (decision 016).
 *
 * - "quoted phrases" and -exclusions are web-search syntax: they must hold, and are handed to
 *   websearch_to_tsquery as written.
 * - Every other word is a term: a passage should match as many terms as possible, but none is
 *   required, so a question ("What was the FY2022 capital expenditure of the company?") finds the
 *   page that says "Capital expenditures … 2022" though it never says "FY2022" or "company".
 * - Fiscal-period words also match the bare year a filing prints: FY2022 or FY22 → 2022.
 */
import { findConcepts } from './finance-thesaurus.ts';

export interface ParsedQuery {
  /** websearch_to_tsquery text of the phrases and exclusions; '' when there are none. */
  strict: string;
  /** True when the strict part holds a phrase to find, not only exclusions. */
  strictFinds: boolean;
  /** Each term: alternative spellings, any of which counts as the term. */
  terms: string[][];
  /** Indexes of `terms` that name a finance concept (finance-thesaurus.ts); empty unless asked. */
  concepts: number[];
  /**
   * Indexes of `terms` written with a capital inside a sentence ("Costco", "AMEX"): the names of
   * what the question is about. Empty unless concepts are asked for and the query is a question.
   */
  names: number[];
  /** Statement titles implied by the concepts asked about: they rank, never decide. */
  hints: string[][];
}

/**
 * Words that tell how to answer rather than what to find ("Round your answer to two decimal
 * places", "Base your judgments on the information provided"): in a long question they are not
 * searched for, since the passage that answers never holds them and, being rare in documents,
 * they would otherwise decide which passages are found.
 */
const INSTRUCTION_WORDS = new Set(
  (
    'answer answers round rounded decimal decimals place places unit units percents percent ' +
    'judgment judgments judgement base based information provided primarily calculate calculated ' +
    'extract using only within according details clearly outlined defined define state explain ' +
    'useful metric metrics relevant measure please reasonably healthy profile improving approximately ' +
    'assume assuming much many went get got data able fy usd ' +
    // How the question frames the figure rather than which figure: a change, a period, a
    // comparison ("increased between 2022 and the 2021 fiscal period", "a company like this").
    'like fiscal period periods increase increased decrease decreased change changed changes ' +
    'improve improving improved drove driven driver drivers compared versus vs between during ' +
    'end ending business businesses company companies similar substantially ' +
    'any other more less than'
  ).split(' '),
);

/** A question this long is read as a question: its instruction words are dropped. */
const LONG_QUESTION_WORDS = 8;

/** Terms past this many still rank but no longer decide which passages are candidates. */
export const MAX_DECIDING_TERMS = 4;

const FISCAL_YEAR = /^(?:fy|cy)'?(\d{2}|\d{4})$/i;

export function parseSearchQuery(query: string, options: { concepts?: boolean } = {}): ParsedQuery {
  const strictParts: string[] = [];
  const terms: string[][] = [];
  const concepts: number[] = [];
  const names: number[] = [];
  const hints: string[][] = [];
  const seen = new Set<string>();
  let strictFinds = false;
  const tokens = query.match(/-?"[^"]*"?|\S+/g) ?? [];
  // Phrases naming a finance concept ("capital expenditure", "balance sheet") become one term whose
  // alternatives are the concept's phrasings; the words they cover are not searched alone.
  const plain = tokens.map((token) =>
    /^-?"/.test(token) || /^-./.test(token) ? '' : stripPunctuation(token),
  );
  const covered = new Set<number>();
  if (options.concepts) {
    const lowered = plain.map((word) => word.toLowerCase());
    const found = findConcepts(lowered);
    // A statement's title beside a figure ("debt on the balance sheet", "capex … from the cash
    // flow statement") says where the figure is printed, not what the page must say: the answer
    // may sit in a note to that statement. It ranks, as a hint, but does not decide.
    const figures = found.some((match) => !match.title);
    for (const match of found) {
      for (let i = match.start; i < match.start + match.length; i++) covered.add(i);
      if (match.title && figures) {
        if (!hints.some((h) => h.join('|') === match.alternatives.join('|'))) hints.push(match.alternatives);
        continue;
      }
      if (match.statement.length > 0 && !hints.some((h) => h.join('|') === match.statement.join('|')))
        hints.push(match.statement);
      const key = match.alternatives.join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      concepts.push(terms.length);
      terms.push(match.alternatives);
    }
  }
  const isQuestion = plain.filter(Boolean).length >= LONG_QUESTION_WORDS;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] ?? '';
    if (covered.has(index)) continue;
    if (token.startsWith('"') || token.startsWith('-"')) {
      const inner = token.replace(/^-?"/, '').replace(/"$/, '').trim();
      if (inner) strictParts.push(`${token.startsWith('-') ? '-' : ''}"${inner.replace(/"/g, '')}"`);
      if (inner && !token.startsWith('-')) strictFinds = true;
      continue;
    }
    if (token.length > 1 && token.startsWith('-')) {
      const word = stripPunctuation(token.slice(1));
      if (word) strictParts.push(`-${word}`);
      continue;
    }
    const word = stripPunctuation(token);
    if (!word || /^or$/i.test(word)) continue;
    const key = word.toLowerCase();
    if (isQuestion && INSTRUCTION_WORDS.has(key)) continue;
    if (seen.has(key)) continue;
    seen.add(key);
    // In a question, capitalised words in a row are one name ("American Express"), searched as a
    // phrase: two words of one name would otherwise count twice against the one concept asked
    // about. A short search ("Series B Fintech UK") is keywords, each its own term.
    if (options.concepts && isQuestion && isName(word, tokens[index - 1])) {
      let phrase = word;
      while (
        index + 1 < tokens.length &&
        !covered.has(index + 1) &&
        !/[.?!:,;]["')]*$/.test(tokens[index] ?? '') &&
        isName(stripPunctuation(tokens[index + 1] ?? ''), tokens[index])
      ) {
        index++;
        phrase = `${phrase} ${stripPunctuation(tokens[index] ?? '')}`;
      }
      const phraseKey = phrase.toLowerCase();
      if (phraseKey !== key && seen.has(phraseKey)) continue;
      seen.add(phraseKey);
      names.push(terms.length);
      terms.push([phrase]);
      continue;
    }
    const fiscal = word.match(FISCAL_YEAR);
    if (fiscal?.[1]) {
      const year = fiscal[1].length === 2 ? `20${fiscal[1]}` : fiscal[1];
      terms.push([word, year]);
    } else {
      terms.push([word]);
    }
  }
  return { strict: strictParts.join(' '), strictFinds, terms, concepts, names, hints };
}

/** A capitalised word without digits that does not open a sentence. */
function isName(word: string, previous: string | undefined): boolean {
  if (!word || previous === undefined || /[.?!:]["')]*$/.test(previous)) return false;
  return /^\p{Lu}/u.test(word) && !/\d/.test(word);
}

/** Question marks, commas and quotes around a word carry no meaning for the search. */
function stripPunctuation(word: string): string {
  return word.replace(/^[^\p{L}\p{N}$€£]+|[^\p{L}\p{N}%]+$/gu, '');
}

/** Every way to choose `k` of the indexes 0…n-1, in order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}
