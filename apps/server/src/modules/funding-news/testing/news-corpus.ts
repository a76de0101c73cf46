/**
 * The development funding-news corpus (`../shared/corpus/funding_news`) read as the product reads
 * it: every feed through the server's own feed parser, every item through `extractFundingRound`
 * with its title and summary (as funding-ingest does), scored against labels.jsonl. Shared by
 * bench/funding-accuracy.ts (prints the figures) and funding-news-corpus.test.ts (asserts them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFundingRound, type FundingReading } from '@atempo/documents';
import { parseFeed } from '../feed-parser.ts';

export const CORPUS_DIR =
  process.env.FUNDING_NEWS_CORPUS ??
  join(import.meta.dirname, '../../../../../../../shared/corpus/funding_news');

export interface NewsLabel {
  feed: string;
  index: number;
  title: string;
  is_startup_funding_round: boolean;
  category: string | null;
  company: string | null;
  amount: number | null;
  currency: string | null;
  stage: string | null;
  lead_investors: string[];
  valuation: number | null;
  rumour: boolean;
  duplicate_of?: number;
}

export interface ScoredItem {
  feed: string;
  index: number;
  title: string;
  summary: string;
  label: NewsLabel;
  reading: FundingReading;
}

export const corpusAvailable = () => existsSync(join(CORPUS_DIR, 'labels.jsonl'));

/** Every labelled item with what the extractor made of it. Items are matched by feed and position. */
export function readCorpus(): ScoredItem[] {
  const labels = readFileSync(join(CORPUS_DIR, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as NewsLabel);
  const items: ScoredItem[] = [];
  for (const file of readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.xml'))) {
    const feed = parseFeed(readFileSync(join(CORPUS_DIR, file), 'utf8'), 'https://techcrunch.com/');
    const ofFeed = labels.filter((label) => label.feed === file);
    if (ofFeed.length !== feed.items.length)
      throw new Error(`${file}: ${feed.items.length} items parsed, ${ofFeed.length} labelled`);
    for (const [index, item] of feed.items.entries()) {
      const label = ofFeed.find((l) => l.index === index)!;
      const reading = extractFundingRound(
        {
          title: item.title,
          summary: item.summary,
          url: item.url,
          published_at: item.published_at,
          source: 'TechCrunch',
        },
        { now: new Date('2026-11-28T00:00:00Z') },
      );
      items.push({ feed: file, index, title: item.title, summary: item.summary ?? '', label, reading });
    }
  }
  return items;
}

/** Case, accents, punctuation and legal suffixes aside. */
const normalName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(?:inc|ltd|llc|gmbh|sas|technologies|technology|labs)\b/g, '')
    .trim();

/** The same company: equal names, or one the other's first words ("Shift" for "Shift Technologies"). */
export function sameCompany(found: string, labelled: string): boolean {
  const a = normalName(found);
  const b = normalName(labelled);
  return (
    a === b || (a.length > 2 && b.length > 2 && (`${b} `.startsWith(`${a} `) || `${a} `.startsWith(`${b} `)))
  );
}

/** A stage as the labels write it ("Series A+", "Series E") in the product's stages. */
export function productStage(written: string | null): string | null {
  if (!written) return null;
  const series = /series\s+([a-z])/i.exec(written);
  if (series) {
    const letter = series[1]!.toUpperCase();
    return 'ABC'.includes(letter) ? `Series ${letter}` : 'Series D+';
  }
  if (/pre-?seed/i.test(written)) return 'Pre-Seed';
  if (/seed/i.test(written)) return 'Seed';
  return written;
}

export interface Mismatch {
  feed: string;
  index: number;
  title: string;
  kind: 'false_positive' | 'false_negative' | 'company' | 'amount' | 'valuation_as_amount' | 'stage' | 'lead';
  expected: unknown;
  found: unknown;
}

export interface Accuracy {
  items: number;
  labelled_rounds: number;
  true_positives: number;
  false_positives: number;
  false_negatives: number;
  precision: number;
  recall: number;
  company_accuracy: number;
  amount_accuracy: number;
  valuations_as_amounts: number;
  stage_accuracy: number;
  lead_accuracy: number;
  rumour_accuracy: number;
  mismatches: Mismatch[];
}

const ratio = (n: number, d: number) => (d === 0 ? 1 : Math.round((n / d) * 1000) / 1000);

/** Item-level scores; field accuracies are over the true positives. */
export function score(items: ScoredItem[]): Accuracy {
  const mismatches: Mismatch[] = [];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let company = 0;
  let amount = 0;
  let valuations = 0;
  let stage = 0;
  let lead = 0;
  let rumour = 0;
  for (const { feed, index, title, label, reading } of items) {
    const at = { feed, index, title };
    const isRound = reading.kind === 'round';
    if (!label.is_startup_funding_round) {
      if (isRound)
        mismatches.push({
          ...at,
          kind: 'false_positive',
          expected: label.category,
          found: `${reading.round.company_name} ${reading.round.amount_raised ?? ''}`,
        });
      fp += isRound ? 1 : 0;
      continue;
    }
    if (!isRound) {
      fn += 1;
      mismatches.push({
        ...at,
        kind: 'false_negative',
        expected: label.company,
        found: reading.kind === 'not_funding' ? `not_funding: ${reading.reason.rule}` : reading.detail,
      });
      continue;
    }
    tp += 1;
    const round = reading.round;
    if (label.company && sameCompany(round.company_name, label.company)) company += 1;
    else mismatches.push({ ...at, kind: 'company', expected: label.company, found: round.company_name });
    if (round.amount_raised === label.amount && (label.amount === null || round.currency === label.currency))
      amount += 1;
    else
      mismatches.push({
        ...at,
        kind: 'amount',
        expected: `${label.amount} ${label.currency}`,
        found: `${round.amount_raised} ${round.currency}`,
      });
    if (label.valuation !== null && round.amount_raised === label.valuation) {
      valuations += 1;
      mismatches.push({
        ...at,
        kind: 'valuation_as_amount',
        expected: label.amount,
        found: round.amount_raised,
      });
    }
    if (productStage(label.stage) === round.stage) stage += 1;
    else mismatches.push({ ...at, kind: 'stage', expected: label.stage, found: round.stage });
    const leadOk =
      label.lead_investors.length === 0
        ? round.lead_investor === null
        : round.lead_investor !== null &&
          label.lead_investors.some((name) => sameCompany(round.lead_investor!, name));
    if (leadOk) lead += 1;
    else mismatches.push({ ...at, kind: 'lead', expected: label.lead_investors, found: round.lead_investor });
    if (round.rumoured === label.rumour) rumour += 1;
  }
  return {
    items: items.length,
    labelled_rounds: items.filter((i) => i.label.is_startup_funding_round).length,
    true_positives: tp,
    false_positives: fp,
    false_negatives: fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    company_accuracy: ratio(company, tp),
    amount_accuracy: ratio(amount, tp),
    valuations_as_amounts: valuations,
    stage_accuracy: ratio(stage, tp),
    lead_accuracy: ratio(lead, tp),
    rumour_accuracy: ratio(rumour, tp),
    mismatches,
  };
}
