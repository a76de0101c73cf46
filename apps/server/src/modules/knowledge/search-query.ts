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
export interface ParsedQuery {
  /** websearch_to_tsquery text of the phrases and exclusions; '' when there are none. */
  strict: string;
  /** True when the strict part holds a phrase to find, not only exclusions. */
  strictFinds: boolean;
  /** Each term: alternative spellings, any of which counts as the term. */
  terms: string[][];
}

/** Terms past this many still rank but no longer decide which passages are candidates. */
export const MAX_DECIDING_TERMS = 4;

const FISCAL_YEAR = /^(?:fy|cy)'?(\d{2}|\d{4})$/i;

export function parseSearchQuery(query: string): ParsedQuery {
  const strictParts: string[] = [];
  const terms: string[][] = [];
  const seen = new Set<string>();
  let strictFinds = false;
  const tokens = query.match(/-?"[^"]*"?|\S+/g) ?? [];
  for (const token of tokens) {
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
    if (seen.has(key)) continue;
    seen.add(key);
    const fiscal = word.match(FISCAL_YEAR);
    if (fiscal?.[1]) {
      const year = fiscal[1].length === 2 ? `20${fiscal[1]}` : fiscal[1];
      terms.push([word, year]);
    } else {
      terms.push([word]);
    }
  }
  return { strict: strictParts.join(' '), strictFinds, terms };
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
