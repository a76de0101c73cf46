import { createRequire } from 'node:module';
import { getDomain } from 'tldts';

/**
 * The one normalisation of company names, website and email domains (see docs/ARCHITECTURE.md,
 * "Company matching"). Pure: the companies module's matcher, the funding-news deduplication and
 * every module that recognises a company in text use these functions, and the SQL form of the
 * name key (companies/company-name-sql.ts) is built from the same LEGAL_FORMS.
 */

/**
 * Legal forms as they read once normalised (dots of abbreviations joined: "S.L." → "sl",
 * "S.à r.l." → "sa rl", "A/S" → "a s"). A name ending in one of them keeps its key without it.
 * "Holdings" and "Group" are not legal forms: "Tide Holdings" may be another company than "Tide".
 */
export const LEGAL_FORMS: readonly string[] = [
  // UK, Ireland, US, Commonwealth
  'ltd',
  'limited',
  'plc',
  'llc',
  'llp',
  'lp',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'pty',
  'pte',
  // German-speaking
  'gmbh',
  'ag',
  'kg',
  'ug',
  'se',
  // French, Spanish, Italian, Portuguese
  'sa',
  'sas',
  'sasu',
  'sarl',
  'sa rl',
  'eurl',
  'sl',
  'slu',
  'spa',
  'srl',
  'lda',
  'ltda',
  // Benelux
  'bv',
  'nv',
  'bvba',
  // Nordics
  'ab',
  'publ',
  'as',
  'a s',
  'asa',
  'aps',
  'oy',
  'oyj',
  'ehf',
  // Central Europe
  'sp z oo',
  'sro',
  'kft',
  'zrt',
];

const COMBINING_MARKS = /\p{M}/gu;
/** "Acme's" → "Acme": a possessive names the company. */
const POSSESSIVE = /([\p{L}\p{N}])['’ʼ]s(?![\p{L}\p{N}_])/gu;
const APOSTROPHES = /['’ʼ`´]/g;
/** A single letter followed by a dot and another single letter ("s.a", "b.v"): one word. */
const DOTTED_LETTER = /(?<![\p{L}\p{N}_])(\p{L})\.(?=\p{L}(?![\p{L}\p{N}_]))/gu;
const NOT_A_WORD = /[^\p{L}\p{N}]+/gu;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The legal forms, longest first, as one alternation (a regular expression in JS and in PostgreSQL). */
export const LEGAL_FORM_ALTERNATION = [...LEGAL_FORMS]
  .sort((a, b) => b.length - a.length)
  .map((form) => escapeRegExp(form).replace(/ /g, '\\s+'))
  .join('|');
/** One trailing legal form, possibly after "and" ("GmbH & Co. KG"), with a word before it. */
const TRAILING_LEGAL_FORM = new RegExp(`\\s+(?:and\\s+)?(?:${LEGAL_FORM_ALTERNATION})$`);

/**
 * A name or a text as lower-case words separated by single spaces: accents folded ("Société" →
 * "societe"), possessives cut ("Acme's" → "acme"), apostrophes dropped, dotted abbreviations
 * joined ("S.p.A." → "spa"), "&" read as "and", every other punctuation mark a word break.
 */
export function normaliseCompanyName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(POSSESSIVE, '$1')
    .replace(APOSTROPHES, '')
    .replace(DOTTED_LETTER, '$1')
    .replace(/&/g, ' and ')
    .replace(NOT_A_WORD, ' ')
    .trim();
}

/** The normalised words of a name or a text ("Café Crème Ltd." → cafe, creme, ltd). */
export function companyNameWords(text: string): string[] {
  const normalised = normaliseCompanyName(text);
  return normalised === '' ? [] : normalised.split(' ');
}

/**
 * What two names must share to be the same company: the normalised name without its trailing
 * legal forms ("Nordpay Ltd", "NORDPAY" and "Nordpay GmbH & Co. KG" are all "nordpay"). A name
 * that is only a legal form keeps it ("Ltd" → "ltd"); a name without letters or digits is "".
 */
export function companyNameKey(name: string): string {
  let key = normaliseCompanyName(name);
  for (let before = ''; before !== key; ) {
    before = key;
    key = key.replace(TRAILING_LEGAL_FORM, '');
  }
  return key;
}

/** The words of companyNameKey. */
export function companyNameKeyWords(name: string): string[] {
  const key = companyNameKey(name);
  return key === '' ? [] : key.split(' ');
}

/** Where `sequence` first occurs in `words` as whole words, from `from` on; -1 when it does not. */
export function findWordSequence(words: readonly string[], sequence: readonly string[], from = 0): number {
  if (sequence.length === 0) return -1;
  outer: for (let i = from; i + sequence.length <= words.length; i++) {
    for (let j = 0; j < sequence.length; j++) if (words[i + j] !== sequence[j]) continue outer;
    return i;
  }
  return -1;
}

export interface NameInText<T> {
  candidate: T;
  /** Word positions of the text's normalised words (companyNameWords) the name covers. */
  start: number;
  end: number;
  /** 'name' when the whole normalised name occurs, 'key' when only the name without its legal form. */
  form: 'name' | 'key';
}

/**
 * The candidates whose name occurs in `text` as whole words, normalised on both sides: "Lune" is
 * not found in "Lunel", "Form3" is in "Form3's Series C", "Acme Ltd" is in "we met acme". A name
 * whose key is shorter than `minKeyLength` letters ("AI Ltd") is left out: it hides in too many
 * sentences. Each candidate once, at its first occurrence.
 */
export function findNamesInText<T extends { name: string }>(
  text: string | readonly string[],
  candidates: readonly T[],
  options: { minKeyLength?: number } = {},
): NameInText<T>[] {
  const words = typeof text === 'string' ? companyNameWords(text) : text;
  const found: NameInText<T>[] = [];
  for (const candidate of candidates) {
    const key = companyNameKeyWords(candidate.name);
    if (key.join(' ').length < (options.minKeyLength ?? 1)) continue;
    const whole = companyNameWords(candidate.name);
    for (const [sequence, form] of [
      [whole, 'name'],
      [key, 'key'],
    ] as const) {
      const start = findWordSequence(words, sequence);
      if (start >= 0) {
        found.push({ candidate, start, end: start + sequence.length, form });
        break;
      }
    }
  }
  return found;
}

const publicMailDomains = new Set<string>(createRequire(import.meta.url)('email-providers/all.json'));

/** Whether a registrable domain is a public mail provider's (gmail.com, outlook.com, gmx.de…). */
export const isPublicMailDomain = (domain: string) => publicMailDomains.has(domain.toLowerCase());

/**
 * The registrable domain of a URL, a host name or an email address, lower case, by the Public
 * Suffix List (tldts): "https://www.acme.co.uk/about" and "jane@mail.acme.co.uk" → "acme.co.uk";
 * private suffixes count ("acme.github.io" stays itself). Null for an IP address, "localhost" or
 * text that is not a domain.
 */
export function registrableDomain(urlOrEmail: string): string | null {
  let value = urlOrEmail.trim().replace(/^mailto:/i, '');
  const at = value.lastIndexOf('@');
  if (at >= 0 && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) value = value.slice(at + 1).replace(/[>\s].*$/, '');
  if (value === '') return null;
  const domain = getDomain(value, { allowPrivateDomains: true });
  return domain ? domain.toLowerCase() : null;
}

/**
 * The domain a company can be recognised by: the registrable domain of a website or an email
 * address, except a public mail provider's (an address at gmail.com says nothing of the company).
 */
export function companyDomain(urlOrEmail: string): string | null {
  const domain = registrableDomain(urlOrEmail);
  return domain && !isPublicMailDomain(domain) ? domain : null;
}
