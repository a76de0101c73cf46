/**
 * What a signal scan reads from other modules, through their doors: the rounds (funding-news), the
 * tracked companies (companies, with whether they have a deal or are watched) and the organisations
 * a full scan visits. Batched: one query per source, whatever the number of rounds or companies.
 */
import type { Database } from '@atempo/db';
import { watchedCompanyIds } from '../alerts/index.ts';
import { companiesForSignals, organizationsWithCompanies } from '../companies/index.ts';
import { companyIdsWithDeals } from '../deals/index.ts';
import { organizationsWithRoundsSince, roundsSince } from '../funding-news/index.ts';
import type { RoundFact, TrackedCompany } from './rules/signal-facts.ts';

/** Organisations a full scan has something to read for: a round since `since`, or a company. */
export async function organizationsToScan(db: Database, since: Date): Promise<string[]> {
  const [withRounds, withCompanies] = await Promise.all([
    organizationsWithRoundsSince(db, since),
    organizationsWithCompanies(db),
  ]);
  // Ordered by id as the organisations table orders uuids (their lower-case text sorts the same).
  return [...new Set([...withRounds, ...withCompanies])].sort();
}

/** The organisation's rounds announced since `since` (newest first, at most `limit`), or those named. */
export async function loadRounds(
  db: Database,
  organizationId: string,
  since: Date,
  limit: number,
  alsoIds: readonly string[] = [],
): Promise<RoundFact[]> {
  const rows = await roundsSince(db, organizationId, since, limit, alsoIds);
  return rows.map((row) => ({
    id: row.id,
    companyName: row.companyName,
    companyId: row.companyId,
    title: row.title,
    summary: row.summary,
    amountRaised: row.amountRaised,
    currency: row.currency,
    amountEur: row.amountEur,
    stage: row.stage,
    region: row.region,
    country: row.country,
    sector: row.sector,
    announcedAt: row.announcedAt,
    confidenceScore: row.confidenceScore,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    investors: Array.isArray(row.investors)
      ? row.investors.filter((x): x is string => typeof x === 'string')
      : [],
    rumoured: (row.extractionMetadata as { rumoured?: unknown } | null)?.rumoured === true,
  }));
}

/**
 * The companies the rules look at: those with a deal, watched, or flagged with IPO signals, plus
 * any named by id or by name (the company matcher's key) in the rounds.
 */
export async function loadCompanies(
  db: Database,
  organizationId: string,
  ids: readonly string[],
  names: readonly string[],
): Promise<TrackedCompany[]> {
  const [withDeals, watched] = await Promise.all([
    companyIdsWithDeals(db, organizationId),
    watchedCompanyIds(db, organizationId),
  ]);
  const hasDeal = new Set(withDeals);
  const isWatched = new Set(watched);
  const rows = await companiesForSignals(db, organizationId, [...ids, ...hasDeal, ...isWatched], names);
  return rows.map((row) => ({ ...row, hasDeal: hasDeal.has(row.id), watched: isWatched.has(row.id) }));
}
