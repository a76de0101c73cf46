import type { TResearchFact, TResearchHit, TResearchSource, TSourcedMetric } from '@atempo/contracts';
import { compactName } from '@atempo/scoring';
import { isoOf, numberOrNull } from '../../platform/sql-rows.ts';
import type { CompanyProfileRow } from '../companies/index.ts';
import type { AnnouncementSearchRow } from '../funding-news/index.ts';
import { inPlaces } from './research-places.ts';
import type { ResearchQuery } from './research-query.ts';
import { regionsOf, researchStageOf } from './research-regions.ts';
import { inSector, sectorLabel } from './research-sectors.ts';
import type { DealSourceRow, DocumentSourceRow, SignalSourceRow } from './research-sources.repository.ts';
import { inWindow } from './research-time-window.ts';

/**
 * Rows of every source turned into hits of one shape, each citing its record, and the engine's
 * deterministic rank: terms matched first, then how recent and how trustworthy the record is.
 */

const SNIPPET_CHARS = 280;
const snippet = (text: string | null | undefined) =>
  text ? (text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS - 1)}…` : text) : null;

export const companySource = (
  row: Pick<CompanyProfileRow, 'id' | 'name' | 'website' | 'updated_at'>,
): TResearchSource => ({
  kind: 'company',
  id: row.id,
  name: row.name,
  location: null,
  url: row.website ?? null,
  date: isoOf(row.updated_at),
  excerpt: null,
});

export const announcementSource = (row: AnnouncementSearchRow): TResearchSource => ({
  kind: 'funding_announcement',
  id: row.id,
  name: `${row.source_name}: ${row.title}`,
  location: null,
  url: row.source_url,
  date: isoOf(row.announced_at),
  excerpt: null,
});

export const documentSource = (
  row: { id: string; name: string; created_at: string | Date },
  location: string | null = null,
): TResearchSource => ({
  kind: 'document',
  id: row.id,
  name: location ? `${row.name}, ${location}` : row.name,
  location,
  url: null,
  date: isoOf(row.created_at),
  excerpt: null,
});

export const signalSource = (row: SignalSourceRow): TResearchSource => ({
  kind: 'market_signal',
  id: row.id,
  name: row.title,
  location: null,
  url: null,
  date: isoOf(row.detected_at),
  excerpt: null,
});

export const dealSource = (row: {
  id: string;
  deal_number: number;
  company_name: string;
  updated_at: string | Date;
}): TResearchSource => ({
  kind: 'deal',
  id: row.id,
  name: `${row.company_name} — deal #${row.deal_number}`,
  location: null,
  url: null,
  date: isoOf(row.updated_at),
  excerpt: null,
});

type Unranked = Omit<TResearchHit, 'score' | 'sector_label'> & { quality: number; haystack: string };

/** The newest round recorded on a company (a funding_round source article), as its date in research. */
function lastRoundDate(row: CompanyProfileRow): string | null {
  const dates = (row.source_articles ?? [])
    .filter((article) => article.type === 'funding_round' && article.published_date)
    .map((article) => String(article.published_date))
    .sort();
  return dates.length > 0 ? isoOf(dates[dates.length - 1]!) : null;
}

export function companyHit(row: CompanyProfileRow): Unranked {
  return {
    kind: 'company',
    id: row.id,
    title: row.name,
    company_name: row.name,
    company_id: row.id,
    snippet: snippet(row.description),
    sector: row.industry,
    region: regionsOf(row.headquarters_country)[0] ?? null,
    country: row.headquarters_country,
    stage: row.stage,
    amount_eur: numberOrNull(row.last_funding_amount),
    confidence_score: null,
    // A company is dated by its newest recorded round: "this month" finds those that raised this month.
    date: lastRoundDate(row),
    source: companySource(row),
    quality: row.thematic_score === null ? 0.5 : row.thematic_score / 10,
    haystack: [row.name, row.industry, row.description, row.headquarters_country].join(' '),
  };
}

export function announcementHit(row: AnnouncementSearchRow): Unranked {
  return {
    kind: 'funding_announcement',
    id: row.id,
    title: row.title,
    company_name: row.company_name,
    company_id: row.company_id,
    snippet: snippet(row.summary),
    sector: row.sector,
    region: row.region,
    country: row.country,
    stage: row.stage,
    amount_eur: numberOrNull(row.amount_eur),
    confidence_score: row.confidence_score,
    date: isoOf(row.announced_at),
    source: announcementSource(row),
    quality: row.confidence_score,
    haystack: [row.company_name, row.title, row.summary, row.sector, row.country].join(' '),
  };
}

export function documentHit(row: DocumentSourceRow): Unranked {
  return {
    kind: 'document',
    id: row.id,
    title: row.name,
    company_name: row.company_name,
    company_id: row.company_id,
    snippet: snippet(row.summary),
    sector: row.sector,
    region: regionsOf(row.country)[0] ?? null,
    country: row.country,
    stage: row.stage,
    amount_eur: null,
    confidence_score: null,
    date: isoOf(row.created_at),
    source: documentSource(row),
    quality: 0.5,
    haystack: [row.name, row.summary, row.company_name, row.sector].join(' '),
  };
}

export function signalHit(row: SignalSourceRow): Unranked {
  return {
    kind: 'market_signal',
    id: row.id,
    title: row.title,
    company_name: row.company_name,
    company_id: row.company_id,
    snippet: snippet(row.description),
    sector: row.sector,
    region: row.region ?? regionsOf(row.country)[0] ?? null,
    country: row.country,
    stage: row.stage,
    amount_eur: numberOrNull(row.amount_eur),
    confidence_score: null,
    date: isoOf(row.occurred_at ?? row.detected_at),
    source: signalSource(row),
    quality: row.relevance_score,
    haystack: [row.company_name, row.title, row.description, row.sector].join(' '),
  };
}

export function dealHit(row: DealSourceRow): Unranked {
  return {
    kind: 'deal',
    id: row.id,
    title: `${row.company_name} — deal #${row.deal_number}`,
    company_name: row.company_name,
    company_id: row.company_id,
    snippet: `Deal #${row.deal_number}: ${row.stage.replaceAll('_', ' ')}`,
    sector: row.sector,
    region: regionsOf(row.geography)[0] ?? null,
    country: row.geography,
    stage: row.company_stage,
    amount_eur: numberOrNull(row.amount_requested),
    confidence_score: null,
    date: isoOf(row.updated_at),
    source: dealSource(row),
    quality: row.thematic_score === null ? 0.5 : row.thematic_score / 10,
    haystack: [row.company_name, row.sector, row.geography].join(' '),
  };
}

/**
 * Whether a hit meets every filter of the query: region, country or sub-region, stage, sector and
 * time window. A hit that cannot be placed (no country, stage, sector or date) does not pass a
 * filter on it: we do not include what we cannot place.
 */
export function meetsFilters(
  hit: Pick<TResearchHit, 'region' | 'country' | 'stage' | 'sector' | 'date'> & { haystack?: string },
  query: ResearchQuery,
): boolean {
  const sectors = query.sectors ?? [];
  // A record with no sector of its own (a document of no company) is placed by its words.
  const words = hit.sector ? '' : compactName(hit.haystack ?? '');
  if (
    sectors.length > 0 &&
    !sectors.some((sector) => inSector(hit.sector, sector) || (words !== '' && words.includes(sector.key)))
  )
    return false;
  if (!inPlaces(hit.country, query.places ?? [])) return false;
  if (!inWindow(hit.date, query.window ?? null)) return false;
  if (query.regions.length > 0) {
    const regions = regionsOf(hit.region, hit.country);
    if (!query.regions.some((region) => regions.includes(region))) return false;
  }
  if (query.stages.length > 0) {
    const stage = researchStageOf(hit.stage);
    if (!stage || !query.stages.includes(stage)) return false;
  }
  return true;
}

const DAY_MS = 86_400_000;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** 0–1: 60 % the share of terms matched, 20 % recency (half-weight at 90 days), 20 % the record's quality. */
export function rank(hit: Unranked, terms: string[], now: Date): TResearchHit {
  const haystack = hit.haystack.toLowerCase();
  const matched =
    terms.length === 0 ? 1 : terms.filter((term) => haystack.includes(term)).length / terms.length;
  const ageDays = hit.date ? Math.max(0, (now.getTime() - Date.parse(hit.date)) / DAY_MS) : null;
  const recency = ageDays === null ? 0.5 : 1 / (1 + ageDays / 90);
  const quality = Math.min(1, Math.max(0, hit.quality));
  const { quality: _quality, haystack: _haystack, ...rest } = hit;
  return {
    ...rest,
    sector_label: sectorLabel(hit.sector),
    score: round3(0.6 * matched + 0.2 * recency + 0.2 * quality),
  };
}

/** Best first; ties by date (newest first), then kind and id, so the order never depends on the database. */
export function byRank(x: TResearchHit, y: TResearchHit): number {
  return (
    y.score - x.score ||
    (y.date ?? '').localeCompare(x.date ?? '') ||
    x.kind.localeCompare(y.kind) ||
    x.id.localeCompare(y.id)
  );
}

export function rankedHits(rows: Unranked[], query: ResearchQuery, now: Date, limit: number): TResearchHit[] {
  return rows
    .filter((hit) => meetsFilters(hit, query))
    .map((hit) => rank(hit, query.terms, now))
    .sort(byRank)
    .slice(0, limit);
}

/** A figure the assistant's sourced-metrics reader found, as a research fact citing its record or page. */
export function factOfMetric(metric: TSourcedMetric): TResearchFact {
  const location = metric.source.location?.label ?? null;
  return {
    field: metric.name,
    value: metric.value,
    unit: metric.unit,
    currency: metric.currency,
    period: metric.period,
    source: {
      kind: metric.source.kind,
      id: metric.source.id,
      name: location ? `${metric.source.name}, ${location}` : metric.source.name,
      location,
      url: null,
      date: metric.source.date,
      excerpt: metric.source.location?.excerpt ?? null,
    },
  };
}
