/**
 * Issuer detection and the other-company warning (issue 18 §4) on the development corpus: every
 * PDF of ../shared/corpus/financebench and ../shared/corpus/decks, its labelled company, and each
 * document filed under every other labelled company. Nothing asserts; prints a JSON summary and
 * one human line.
 *
 *   npx tsx bench/document-issuer.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  extractDocument,
  findIssuer,
  otherCompanyOf,
  sameCompanyDomain,
  sameCompanyName,
} from '@atempo/documents';

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus');

interface Labelled {
  file: string;
  /** "Front (FrontApp, Inc.)": the name, then other names in brackets. */
  names: string[];
  deck: boolean;
}

function labelled(group: string): Labelled[] {
  return readFileSync(path.join(CORPUS, group, 'documents.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { file: string; company: string })
    .map(({ file, company }) => ({
      /** Relative to the corpus folder ("financebench/pdfs/…", "decks/…"). */
      file,
      names: company
        .split(/[()]/)
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part.length > 2 && !/^(inc|ltd)\.?$/i.test(part)),
      deck: group === 'decks',
    }));
}

const documents = [...labelled('financebench'), ...labelled('decks')];
const rows = [];
const started = performance.now();
for (const item of documents) {
  const doc = await extractDocument(readFileSync(path.join(CORPUS, item.file)), 'pdf');
  const issuer = findIssuer(doc, { slides: item.deck });
  const own = item.names[0] ?? '';
  const correct = issuer
    ? item.names.some((name) =>
        issuer.evidence === 'website'
          ? sameCompanyDomain(issuer.name, name)
          : sameCompanyName(name, issuer.name),
      )
    : null;
  const ownAlarm = otherCompanyOf(doc, issuer, own) !== null;
  const others = documents.filter(
    (other) => other.names[0] && !item.names.some((n) => sameCompanyName(n, other.names[0]!)),
  );
  const missed = others.filter((other) => otherCompanyOf(doc, issuer, other.names[0]!) === null);
  const caught = others.length - missed.length;
  rows.push({
    file: item.file,
    company: own,
    issuer: issuer?.name ?? null,
    evidence: issuer?.evidence ?? null,
    source: issuer?.source.label ?? null,
    correct,
    false_alarm_on_own_deal: ownAlarm,
    flagged_on_other_deals: `${caught}/${others.length}`,
    // With an issuer found: the deals it is not flagged on (the document names that company itself).
    not_flagged_on: issuer ? missed.map((other) => other.names[0]) : [],
  });
}
const found = rows.filter((row) => row.issuer !== null);
const summary = {
  documents: rows.length,
  issuer_found: found.length,
  issuer_correct: found.filter((row) => row.correct).length,
  false_alarms_on_own_deal: rows.filter((row) => row.false_alarm_on_own_deal).length,
  flagged_on_another_deal: rows.filter((row) => !row.flagged_on_other_deals.startsWith('0/')).length,
  seconds: Math.round((performance.now() - started) / 100) / 10,
  rows,
};
console.log(JSON.stringify(summary, null, 2));
console.log(
  `issuer found on ${summary.issuer_found}/${summary.documents} documents (${summary.issuer_correct} correct), ${summary.false_alarms_on_own_deal} false alarms on their own deal, ${summary.flagged_on_another_deal}/${summary.documents} flagged on another company's deal`,
);
