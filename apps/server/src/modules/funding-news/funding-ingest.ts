/**
 * Funding news in, announcements out: the one path feeds, posted articles and CSV imports take.
 * Each article is read once per organisation (funding_articles), extracted deterministically, and
 * merged into the announcement of its round when another source already reported it (decision 032).
 */
import { createHash } from 'node:crypto';
import { FUNDING_STAGES, type TFundingArticle, type TFundingArticleOutcome } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import {
  candidateKeys,
  companyNameKey,
  dedupKey,
  type ExtractedRound,
  extractFundingRound,
  type FxRates,
  mergeRounds,
  type RoundFields,
  sameRound,
} from '@atempo/documents';
import { isoOf } from '../../platform/sql-rows.ts';
import { findCompanyByName } from '../companies/index.ts';
import * as repository from './funding-announcements.repository.ts';

export interface IngestDeps {
  db: Database;
  fxRates: FxRates;
  /** The reading time, for articles without a publication date; absent: now. */
  now?: () => Date;
}

/** The feed the articles came from; null for posted articles and imports. */
export type IngestSource = { id: string } | null;

export interface IngestResult {
  /** Articles handed in. */
  items: number;
  /** Announcements created or updated (a round reported twice in one batch counts once). */
  announcements: number;
  announcement_ids: string[];
  created: number;
  merged: number;
  skipped: number;
  results: TFundingArticleOutcome[];
}

/** A report of a round: the extracted fields plus where it was read. */
export interface RoundReport {
  round: ExtractedRound;
  title: string;
  summary: string | null;
  url: string | null;
  publishedAt: string | null;
}

interface SourceEntry {
  name: string;
  url: string | null;
  published_at: string | null;
}

/** A source lists a report once: the same outlet with the same link (or both without one). */
const isListed = (known: SourceEntry[], entry: SourceEntry) =>
  known.some((s) => s.name === entry.name && s.url === entry.url);

/** Articles without a link are remembered by a digest of their source and title. */
export function articleKey(article: Pick<TFundingArticle, 'url' | 'source' | 'title'>): string {
  if (article.url) return article.url;
  const digest = createHash('sha256').update(`${article.source}\n${article.title}`).digest('hex');
  return `urn:atempo:article:${digest}`;
}

function fieldsOfRow(row: repository.AnnouncementRow): RoundFields {
  const metadata = row.extractionMetadata as { lead_investor?: string | null; rumoured?: boolean };
  return {
    company_name: row.companyName,
    amount_raised: row.amountRaised,
    currency: row.currency,
    amount_eur: row.amountEur,
    stage: row.stage as ExtractedRound['stage'],
    investors: row.investors as string[],
    lead_investor: metadata.lead_investor ?? null,
    region: (row.region ?? 'Unknown') as ExtractedRound['region'],
    country: row.country,
    sector: (row.sector ?? 'other') as ExtractedRound['sector'],
    announced_at: isoOf(row.announcedAt),
    rumoured: metadata.rumoured === true,
    confidence_score: Math.round(row.confidenceScore * 100) / 100,
    title: row.title,
    source_name: row.sourceName,
    source_url: row.sourceUrl,
  };
}

function columnsOf(
  fields: RoundFields,
  report: RoundReport,
  sources: SourceEntry[],
  extra: Record<string, unknown>,
) {
  return {
    companyName: fields.company_name,
    title: fields.title,
    summary: report.summary,
    amountRaised: fields.amount_raised,
    currency: fields.currency,
    amountEur: fields.amount_eur,
    stage: fields.stage,
    investors: fields.investors,
    region: fields.region,
    country: fields.country,
    sector: fields.sector,
    announcedAt: new Date(fields.announced_at),
    confidenceScore: fields.confidence_score,
    sourceName: fields.source_name,
    sourceUrl: fields.source_url,
    sources,
    extractionMetadata: {
      investors: fields.investors,
      lead_investor: fields.lead_investor,
      rumoured: fields.rumoured,
      method: 'rules',
      reports: sources.length,
      ...extra,
    },
  };
}

/**
 * Stores one report: merged into the announcement of the same round when there is one, else a new
 * announcement. Runs in its own transaction holding a lock on the company, so concurrent reports of
 * one round cannot both insert.
 */
export async function upsertRound(
  db: Database,
  organizationId: string,
  report: RoundReport,
): Promise<{ id: string; created: boolean }> {
  const { round } = report;
  const key = companyNameKey(round.company_name);
  const entry: SourceEntry = { name: round.source, url: report.url, published_at: report.publishedAt };
  const incoming: RoundFields = {
    ...round,
    title: report.title,
    source_name: round.source,
    source_url: report.url,
  };
  const evidence = {
    amount_text: round.evidence.amount_text,
    fx_rate: round.evidence.fx_rate,
    fx_rate_date: round.evidence.fx_rate_date,
  };
  return db.transaction(async (tx) => {
    await repository.lockCompanyRounds(tx, organizationId, key);
    const candidates = (
      await repository.findByDedupKeys(tx, organizationId, candidateKeys(round, FUNDING_STAGES))
    ).filter((row) => sameRound(fieldsOfRow(row), round));
    const at = new Date(round.announced_at).getTime();
    const existing = candidates.sort(
      (a, b) => Math.abs(a.announcedAt.getTime() - at) - Math.abs(b.announcedAt.getTime() - at),
    )[0];
    if (existing) {
      const merged = mergeRounds(fieldsOfRow(existing), incoming);
      const known = existing.sources as SourceEntry[];
      const sources = isListed(known, entry) ? known : [...known, entry];
      const keepEvidence = merged.source_name === existing.sourceName && merged.title === existing.title;
      const previous = existing.extractionMetadata as Record<string, unknown>;
      await repository.updateAnnouncement(tx, existing.id, {
        ...columnsOf(
          merged,
          { ...report, summary: existing.summary ?? report.summary },
          sources,
          keepEvidence
            ? {
                amount_text: previous.amount_text ?? null,
                fx_rate: previous.fx_rate ?? null,
                fx_rate_date: previous.fx_rate_date ?? null,
              }
            : evidence,
        ),
        companyId: existing.companyId ?? (await matchCompany(tx, organizationId, merged.company_name)),
      });
      return { id: existing.id, created: false };
    }
    const values = {
      organizationId,
      companyId: await matchCompany(tx, organizationId, round.company_name),
      dedupKey: dedupKey(round),
      ...columnsOf(incoming, report, [entry], evidence),
    };
    const inserted = await repository.insertAnnouncement(tx, values);
    if (inserted) return { id: inserted.id, created: true };
    // The key is held by a different round of the company in the same window (another amount, or
    // two dated rounds of one stage): this one gets a key of its own, from what tells it apart, and a
    // counter when even that is shared, so a key collision never fails the import.
    const digest = createHash('sha256')
      .update(`${report.title}\n${report.url ?? ''}\n${round.announced_at}\n${round.amount_raised ?? ''}`)
      .digest('hex')
      .slice(0, 12);
    for (let attempt = 0; attempt < 100; attempt++) {
      const second = await repository.insertAnnouncement(tx, {
        ...values,
        dedupKey: `${values.dedupKey}|${digest}${attempt === 0 ? '' : `-${attempt}`}`,
      });
      if (second) return { id: second.id, created: true };
    }
    throw new Error(`funding announcement key ${values.dedupKey}|${digest} is taken 100 times`);
  });
}

async function matchCompany(db: Database, organizationId: string, name: string): Promise<string | null> {
  return (await findCompanyByName(db, organizationId, name))?.id ?? null;
}

type Outcome = Omit<TFundingArticleOutcome, 'index' | 'title' | 'url'>;

/**
 * An article already read, handed in again by another source (two feeds carrying one story): the
 * announcement it became lists this source too. Answers the announcement when it was added to.
 */
async function listAnotherSource(
  tx: Database,
  organizationId: string,
  article: TFundingArticle,
): Promise<string | null> {
  const found = await repository.findAnnouncementOfArticle(tx, organizationId, articleKey(article));
  if (!found) return null;
  // The lock merges take, then a fresh read: a concurrent merge's sources are not overwritten.
  await repository.lockCompanyRounds(tx, organizationId, companyNameKey(found.companyName));
  const announcement = await repository.findAnnouncementOfArticle(tx, organizationId, articleKey(article));
  if (!announcement) return null;
  const known = announcement.sources as SourceEntry[];
  const entry: SourceEntry = {
    name: article.source,
    url: article.url ?? null,
    published_at: article.published_at ? isoOf(article.published_at) : null,
  };
  if (isListed(known, entry)) return null;
  const sources = [...known, entry];
  await repository.updateAnnouncement(tx, announcement.id, {
    sources,
    extractionMetadata: {
      ...(announcement.extractionMetadata as Record<string, unknown>),
      reports: sources.length,
    },
  });
  return announcement.id;
}

async function ingestOne(
  tx: Database,
  deps: IngestDeps,
  organizationId: string,
  article: TFundingArticle,
  source: IngestSource,
): Promise<Outcome> {
  const url = article.url ?? null;
  const articleId = await repository.claimArticle(tx, {
    organizationId,
    sourceId: source?.id ?? null,
    url: articleKey(article),
    title: article.title.slice(0, 500),
    publishedAt: article.published_at ? new Date(article.published_at) : null,
  });
  if (!articleId) {
    const listedIn = await listAnotherSource(tx, organizationId, article);
    return listedIn
      ? { status: 'merged', reason: null, detail: null, announcement_id: listedIn }
      : { status: 'skipped', reason: 'already_seen', detail: null, announcement_id: null };
  }
  const reading = extractFundingRound(
    {
      title: article.title,
      summary: article.summary,
      url,
      published_at: article.published_at,
      source: article.source,
    },
    { fxRates: deps.fxRates, now: deps.now?.() },
  );
  if (reading.kind !== 'round') {
    return {
      status: 'skipped',
      reason: reading.kind === 'not_funding' ? 'not_funding_news' : 'no_company_name',
      detail: reading.kind === 'not_funding' ? reading.reason.detail : reading.detail,
      announcement_id: null,
    };
  }
  const stored = await upsertRound(tx, organizationId, {
    round: reading.round,
    title: article.title,
    summary: article.summary ?? null,
    url,
    publishedAt: article.published_at ? isoOf(article.published_at) : null,
  });
  await repository.linkArticle(tx, articleId, stored.id);
  return {
    status: stored.created ? 'created' : 'merged',
    reason: null,
    detail: null,
    announcement_id: stored.id,
  };
}

/**
 * Reads articles into announcements for the organisation. Articles already read (by URL, else by
 * source and title) are skipped, unless another source hands them in (then that source is listed on
 * their announcement), as are those that are not funding news; the rest create or join the
 * announcement of their round. Feeds, posted articles and CSV imports come through here.
 */
export async function ingestArticles(
  deps: IngestDeps,
  organizationId: string,
  articles: TFundingArticle[],
  source: IngestSource,
): Promise<IngestResult> {
  const results: TFundingArticleOutcome[] = [];
  const touched = new Set<string>();
  for (const [index, article] of articles.entries()) {
    // One transaction per article: it is marked as read only together with what was made of it.
    const outcome = await deps.db.transaction((tx) => ingestOne(tx, deps, organizationId, article, source));
    if (outcome.announcement_id) touched.add(outcome.announcement_id);
    results.push({ index, title: article.title, url: article.url ?? null, ...outcome });
  }
  return {
    items: articles.length,
    announcements: touched.size,
    announcement_ids: [...touched],
    created: results.filter((r) => r.status === 'created').length,
    merged: results.filter((r) => r.status === 'merged').length,
    skipped: results.filter((r) => r.status === 'skipped').length,
    results,
  };
}
