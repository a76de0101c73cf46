/**
 * Which company a document is about or issued by, with the words that say so, and whether that is
 * the company it was filed under. A lender who drops a listed company's annual report onto a
 * startup's deal must be told before its figures reach the deal (issue 18 §4).
 *
 * The evidence, strongest first: an SEC filing's registrant line ("NIKE, Inc. (Exact name of
 * registrant as specified in its charter)"); a copyright line with a year ("© 2024 Acme Ltd");
 * a running header or footer with a legal form repeated on many pages ("NIKE, INC."); a cover
 * page or title slide whose short first line names something the rest of the document repeats
 * ("Rangeway" on slide 1 and on three other slides). When no evidence is clear the answer is
 * null: a document naming many companies, or none, raises no alarm.
 */
import type { TDocumentIssuer } from '@atempo/contracts';
import {
  companyDomain,
  companyNameKey,
  companyNameKeyWords,
  companyNameWords,
  findWordSequence,
} from '../company-names.ts';
import type { ExtractedDocument, TextPage } from '../types.ts';

export type DocumentIssuer = TDocumentIssuer;

const REGISTRANT = /\(\s*exact\s+name\s+of\s+(?:the\s+)?registrants?\s+as\s+specified/i;
/** A copyright line needs a year: "(c) under the Exchange Act" names nobody. */
const COPYRIGHT =
  /(?:©|\(c\)|copyright)\s*(?:©\s*)?(?:\d{4}(?:\s*[-–]\s*\d{2,4})?)\s*,?\s+(?:by\s+)?([\p{Lu}\p{N}][^\n©]{1,80})/iu;
const ALL_RIGHTS = /\s*[.,;|·-]?\s*all\s+rights\s+reserved.*$/i;
/** Lines that start a cover page but name no company. */
const GENERIC_COVER =
  /^(?:table of contents|contents|draft|confidential|strictly confidential|agenda|pitch deck|investor (?:deck|presentation|update)|presentation|annual report|form \d|united states|cover|overview|executive summary|introduction|seed|series [a-e]|welcome|vision|mission|problem|solution|app complete)\b/i;
const LEGAL_FORM_END = (line: string) => {
  const normalised = companyNameWords(line).join(' ');
  const key = companyNameKey(line);
  return key !== '' && key !== normalised;
};

const nonEmptyLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The last column of a line laid out in columns (three or more spaces between them). */
const lastColumn = (line: string) =>
  line
    .split(/\s{3,}/)
    .at(-1)
    ?.trim() ?? line;

/** A name as a person would read it: no trailing commas, dots of a sentence, or "All rights reserved". */
function cleanName(raw: string): string {
  return raw
    .replace(ALL_RIGHTS, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s,;:·|-]+$/, '')
    .replace(/\.$/, (dot) =>
      /\b(?:inc|ltd|co|corp|plc|llc|s\.?a|n\.?v|b\.?v|ag)\.$/i.test(raw.trim()) ? dot : '',
    )
    .trim();
}

/** A plausible company name: 1 to 8 words, letters in it, not a sentence. */
function looksLikeName(name: string): boolean {
  const words = companyNameWords(name);
  if (words.length === 0 || words.length > 8 || name.length > 70) return false;
  if (!/\p{L}{2,}/u.test(name)) return false;
  if (/\b(?:is|are|was|were|we|our|the company|this|that|which)\b/i.test(name) && words.length > 3)
    return false;
  return companyNameKey(name).length >= 2;
}

function excerptAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 60);
  return text
    .slice(start, index + length + 60)
    .replace(/\s+/g, ' ')
    .trim();
}

function pageSource(page: TextPage, kind: 'page' | 'slide', excerpt: string) {
  return { kind, page: page.number, label: `${kind} ${page.number}`, excerpt };
}

/** "NIKE, Inc." on the line above "(Exact name of registrant as specified in its charter)". */
function registrant(pages: readonly TextPage[], kind: 'page' | 'slide'): DocumentIssuer | null {
  for (const page of pages.slice(0, 3)) {
    const lines = page.text.split('\n');
    const at = lines.findIndex((line) => REGISTRANT.test(line));
    if (at < 0) continue;
    // The name may share the line before the marker, or sit on that line's last column.
    const sameLine = lines[at]?.split(REGISTRANT)[0]?.trim() ?? '';
    const candidates = [sameLine, ...lines.slice(Math.max(0, at - 3), at).reverse()].map((line) =>
      cleanName(lastColumn(line.trim()).replace(/^.*\bnumber:?\s*[\d-]+\s+/i, '')),
    );
    const name = candidates.find((line) => line !== '' && looksLikeName(line));
    if (!name) continue;
    const index = page.text.indexOf(name);
    return {
      name,
      evidence: 'registrant',
      source: pageSource(page, kind, excerptAround(page.text, Math.max(0, index), name.length + 60)),
    };
  }
  return null;
}

/** "© 2024 Acme Ltd. All rights reserved": the most frequent holder, when one line says it. */
function copyrightHolder(pages: readonly TextPage[], kind: 'page' | 'slide'): DocumentIssuer | null {
  const holders = new Map<string, { issuer: DocumentIssuer; count: number }>();
  for (const page of pages) {
    const match = COPYRIGHT.exec(page.text);
    if (!match?.[1]) continue;
    const name = cleanName(match[1].split(/\s{3,}|\s+[|·]\s+/)[0] ?? '');
    if (!looksLikeName(name)) continue;
    const key = companyNameKey(name);
    const known = holders.get(key);
    if (known) known.count++;
    else
      holders.set(key, {
        count: 1,
        issuer: {
          name,
          evidence: 'copyright',
          source: pageSource(page, kind, excerptAround(page.text, match.index, match[0].length)),
        },
      });
  }
  const ranked = [...holders.values()].sort((a, b) => b.count - a.count);
  // Two holders as often as each other (a document quoting others' material): no answer.
  if (ranked.length === 0 || (ranked[1] && ranked[1].count === ranked[0]?.count)) return null;
  return ranked[0]?.issuer ?? null;
}

/** A line without page numbers and form names, as headers and footers repeat it. */
const runningForm = (line: string) =>
  line
    .replace(/\b(?:page|form)\b/gi, ' ')
    .replace(/\b\d+(?:-[kq])?\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "NIKE, INC." at the foot of most pages: a header or footer line ending in a legal form. */
function runningHeader(pages: readonly TextPage[], kind: 'page' | 'slide'): DocumentIssuer | null {
  if (pages.length < 4) return null;
  const seen = new Map<string, { name: string; page: TextPage; line: string; pages: Set<number> }>();
  for (const page of pages) {
    const lines = nonEmptyLines(page.text);
    const edges = [...lines.slice(0, 2), ...lines.slice(-2)];
    for (const line of edges) {
      const name = cleanName(runningForm(lastColumn(line)));
      if (!looksLikeName(name) || !LEGAL_FORM_END(name)) continue;
      const key = companyNameKey(name);
      const entry = seen.get(key) ?? { name, page, line, pages: new Set<number>() };
      entry.pages.add(page.number);
      seen.set(key, entry);
    }
  }
  const needed = Math.max(3, Math.ceil(pages.length * 0.25));
  const best = [...seen.values()].sort((a, b) => b.pages.size - a.pages.size)[0];
  if (!best || best.pages.size < needed) return null;
  return {
    name: best.name,
    evidence: 'running_header',
    source: pageSource(best.page, kind, best.line.replace(/\s+/g, ' ').trim()),
  };
}

/**
 * A cover page or title slide: a short first line ("Rangeway", "FRONT") that the document names
 * again on at least two other pages. A cover listing several companies names no single issuer.
 */
function coverName(pages: readonly TextPage[], kind: 'page' | 'slide'): DocumentIssuer | null {
  const cover = pages[0];
  if (!cover || pages.length < 3) return null;
  const coverLines = nonEmptyLines(cover.text);
  const withLegalForm = coverLines.filter((line) => looksLikeName(line) && LEGAL_FORM_END(line));
  if (withLegalForm.length >= 3) return null;
  const pageWords = pages.slice(1).map((page) => companyNameWords(page.text));
  for (const line of coverLines.slice(0, 3)) {
    const name = cleanName(lastColumn(line));
    const words = companyNameKeyWords(name);
    if (words.length === 0 || words.length > 3 || GENERIC_COVER.test(name) || !looksLikeName(name)) continue;
    if (!/^[\p{Lu}\p{N}]/u.test(name) || words.join('').length < 3) continue;
    const elsewhere = pageWords.filter((text) => findWordSequence(text, words) >= 0).length;
    if (elsewhere < 2) continue;
    return { name, evidence: 'cover', source: pageSource(cover, kind, line.replace(/\s+/g, ' ').trim()) };
  }
  return null;
}

const DOMAIN_OR_EMAIL =
  /(?<![\w.@-])(?:[\w.+-]+@)?(?:www\.)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,12})(?![\w-])/gi;
/** Sites that host a company's material or cite a source, not the company itself. */
const PLATFORMS =
  /^(?:linkedin|twitter|x|facebook|instagram|youtube|youtu|medium|github|google|apple|docsend|crunchbase|angel|wellfound|calendly|notion|dropbox|bit|t|example|ex)\./i;

/**
 * The site of a deck's cover or closing contact slide ("fracto.tech", "hello@dawnotemu.app"): the
 * one registrable domain those pages give most often, a public mail provider's or a platform's
 * left out. Several domains equally often (a slide of references) name nobody.
 */
function websiteName(pages: readonly TextPage[], kind: 'page' | 'slide'): DocumentIssuer | null {
  const edges = [...new Set([pages[0], ...pages.slice(-2)])].filter((page): page is TextPage =>
    Boolean(page),
  );
  const seen = new Map<string, { count: number; page: TextPage; excerpt: string }>();
  for (const page of edges) {
    for (const match of page.text.matchAll(DOMAIN_OR_EMAIL)) {
      const domain = companyDomain(match[0]);
      if (!domain || PLATFORMS.test(domain) || /^\d/.test(domain)) continue;
      const entry = seen.get(domain) ?? {
        count: 0,
        page,
        excerpt: excerptAround(page.text, match.index, match[0].length),
      };
      entry.count++;
      seen.set(domain, entry);
    }
  }
  const ranked = [...seen.entries()].sort((a, b) => b[1].count - a[1].count);
  const [best, second] = ranked;
  if (!best || (second && second[1].count === best[1].count)) return null;
  return { name: best[0], evidence: 'website', source: pageSource(best[1].page, kind, best[1].excerpt) };
}

/** The domain's own label ("fracto" of "fracto.tech", "jupiter-sensors" of "jupiter-sensors.com"). */
const domainLabel = (domain: string) =>
  domain
    .split('.')[0]
    ?.replace(/[^a-z0-9]/gi, '')
    .toLowerCase() ?? '';

/**
 * Whether a site is the company's: its label holds the name run together, or the name holds the
 * label ("frontapp.com" for Front, "seomoz.org" for Moz, "rangewayev.com" for Rangeway).
 */
export function sameCompanyDomain(domain: string, name: string): boolean {
  const label = domainLabel(domain);
  const joined = companyNameKeyWords(name).join('');
  if (label.length < 3 || joined.length < 3) return false;
  return label.includes(joined) || joined.includes(label);
}

/** The company the document is about or issued by, with its evidence; null when nothing is clear. */
export function findIssuer(
  doc: ExtractedDocument,
  options: { slides?: boolean } = {},
): DocumentIssuer | null {
  if (doc.pages.length === 0) return null;
  const kind = options.slides ? 'slide' : 'page';
  return (
    registrant(doc.pages, kind) ??
    copyrightHolder(doc.pages, kind) ??
    runningHeader(doc.pages, kind) ??
    coverName(doc.pages, kind) ??
    (options.slides ? websiteName(doc.pages, kind) : null)
  );
}

/**
 * Whether two names are the same company by the one matcher (companyNameKey: case, accents,
 * punctuation and legal form ignored), or one is the other inside a longer name ("Fracto" and
 * "Fracto Technologies sp. z o.o.", "Acme Robotics Ltd" and "Acme"), or they differ only by
 * spaces ("Front App" and "FrontApp").
 */
export function sameCompanyName(a: string, b: string): boolean {
  const wordsA = companyNameKeyWords(a);
  const wordsB = companyNameKeyWords(b);
  if (wordsA.length === 0 || wordsB.length === 0) return false;
  if (wordsA.join('') === wordsB.join('')) return true;
  const [shorter, longer] = wordsA.length <= wordsB.length ? [wordsA, wordsB] : [wordsB, wordsA];
  return findWordSequence(longer, shorter) >= 0;
}

/** The pages whose text names `company` with a capital letter ("Front", not "the front page"). */
export function pagesNaming(doc: ExtractedDocument, company: string): number[] {
  const words = companyNameKeyWords(company);
  if (words.length === 0) return [];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '');
  return doc.pages
    .filter((page) => [...fold(page.text).matchAll(pattern)].some((match) => /^\p{Lu}/u.test(match[0])))
    .map((page) => page.number);
}

/**
 * The other company a document is about, when it is not `expected` (the deal's or linked
 * company): the issuer names another company, and the document does not itself name the expected
 * one on its cover, on the issuer's page or on three pages or more (a lender's own memo about the
 * deal quoting a competitor's report is not a wrong document). Null when it is the expected company
 * or nothing is clear.
 */
export function otherCompanyOf(
  doc: ExtractedDocument,
  issuer: DocumentIssuer | null,
  expected: string | null,
): DocumentIssuer | null {
  if (!issuer || !expected || companyNameKey(expected) === '') return null;
  if (
    issuer.evidence === 'website'
      ? sameCompanyDomain(issuer.name, expected)
      : sameCompanyName(issuer.name, expected)
  ) {
    return null;
  }
  const naming = pagesNaming(doc, expected);
  const coverPage = doc.pages[0]?.number;
  if (naming.length >= 3 || naming.includes(coverPage ?? -1) || naming.includes(issuer.source.page ?? -1)) {
    return null;
  }
  return issuer;
}

/** The sentence the upload result and the intelligence card show. */
export function otherCompanyMessage(issuer: string, expected: string): string {
  return `This document appears to be about ${issuer}, not ${expected}.`;
}
