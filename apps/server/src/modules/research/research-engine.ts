import {
  RESEARCH_DEPTH_LIMITS,
  type TResearchDepth,
  type TResearchFact,
  type TResearchFindings,
  type TResearchHit,
  type TResearchSource,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { numberOrNull } from '../../platform/sql-rows.ts';
import { sourcedFiguresOf } from '../assistant/index.ts';
import { type CompanyProfileRow, companyProfileById, searchCompanyProfiles } from '../companies/index.ts';
import { announcementsOfCompany, searchAnnouncements } from '../funding-news/index.ts';
import { companyByName } from './research-company.ts';
import { dealById } from './research-deal.ts';
import {
  announcementHit,
  companyHit,
  companySource,
  dealHit,
  documentHit,
  factOfMetric,
  rankedHits,
  signalHit,
} from './research-hits.ts';
import { type ResearchQuery, unfiltered } from './research-query.ts';
import * as sources from './research-sources.repository.ts';

/**
 * The one research engine (decision 029): a company's discovery, deep research over a question
 * and thesis-driven company discovery all read the organisation's records through these functions
 * and rank them the same way. Nothing is fetched from outside; every fact names its record.
 */

export const DEEP_SOURCES = ['companies', 'funding_announcements', 'documents', 'market_signals'] as const;
export type DeepSource = (typeof DEEP_SOURCES)[number];

/** Hits kept per source of a deep research question: as many as a comprehensive run keeps. */
export const HITS_PER_SOURCE = RESEARCH_DEPTH_LIMITS.comprehensive;

/** One source of a deep research query, filtered by region and stage and ranked. */
export async function searchSource(
  db: Database,
  organizationId: string,
  source: DeepSource,
  query: ResearchQuery,
  now: Date,
): Promise<TResearchHit[]> {
  const { terms } = query;
  switch (source) {
    case 'companies':
      return rankedHits(
        (await searchCompanyProfiles(db, organizationId, terms, query.stages)).map(companyHit),
        query,
        now,
        HITS_PER_SOURCE,
      );
    case 'funding_announcements':
      return rankedHits(
        (
          await searchAnnouncements(db, organizationId, terms, { ...query, window: query.window ?? null })
        ).map(announcementHit),
        query,
        now,
        HITS_PER_SOURCE,
      );
    case 'documents':
      return rankedHits(
        (await sources.searchDocuments(db, organizationId, terms, query.window ?? null)).map(documentHit),
        query,
        now,
        HITS_PER_SOURCE,
      );
    case 'market_signals':
      return rankedHits(
        (await sources.searchSignals(db, organizationId, terms, query.window ?? null)).map(signalHit),
        query,
        now,
        HITS_PER_SOURCE,
      );
  }
}

/** Hits of several sources merged: one per record, best first. */
export function mergeHits(...lists: TResearchHit[][]): TResearchHit[] {
  const byKey = new Map<string, TResearchHit>();
  for (const hit of lists.flat()) byKey.set(`${hit.kind}:${hit.id}`, hit);
  return [...byKey.values()].sort(
    (x, y) =>
      y.score - x.score ||
      (y.date ?? '').localeCompare(x.date ?? '') ||
      x.kind.localeCompare(y.kind) ||
      x.id.localeCompare(y.id),
  );
}

/** The metrics a credit analyst expects; the ones a company lacks are reported as not in the data. */
const EXPECTED_METRICS: Record<string, string> = {
  revenue: 'Revenue',
  arr: 'ARR',
  revenue_growth: 'Revenue growth',
  gross_margin: 'Gross margin',
  net_revenue_retention: 'Net revenue retention',
  cac_payback_months: 'CAC payback',
  monthly_burn: 'Monthly burn',
  cash: 'Cash',
  runway_months: 'Runway',
};
/** Document key metrics that stand for a record metric. */
const METRIC_EQUIVALENTS: Record<string, string> = { net_burn: 'monthly_burn', headcount: 'employee_count' };

export interface CompanySubject {
  organizationId: string;
  companyName: string;
  industrySector: string | null;
  dealId: string | null;
  /** How many records per source and comparable deals to gather (RESEARCH_DEPTH_LIMITS). */
  depth: TResearchDepth;
}

/** What the organisation knows about one company (a research record's findings, before the summary). */
export async function gatherCompany(
  db: Database,
  subject: CompanySubject,
  now: Date,
): Promise<TResearchFindings> {
  const { organizationId } = subject;
  const limit = RESEARCH_DEPTH_LIMITS[subject.depth];
  const deal = subject.dealId ? await dealById(db, organizationId, subject.dealId) : null;
  const row = deal
    ? await companyProfileById(db, organizationId, deal.company_id)
    : await companyByName(db, organizationId, subject.companyName);
  const name = row?.name ?? subject.companyName;

  const facts: TResearchFact[] = row ? companyFacts(row) : [];
  // As a company: its record, then its deal's record for what it lacks, then every document.
  const figures = row
    ? await sourcedFiguresOf({ db, organizationId, userId: '', now }, { company_id: row.id })
    : null;
  const metrics = (figures ?? []).map(factOfMetric);

  const [announcements, signals, documents] = await Promise.all([
    announcementsOfCompany(db, organizationId, { id: row?.id ?? null, name }, limit),
    sources.signalsOfCompany(db, organizationId, { id: row?.id ?? null, name }, limit),
    row ? sources.documentsOfCompany(db, organizationId, row.id, limit) : Promise.resolve([]),
  ]);
  const sector = subject.industrySector ?? row?.industry ?? null;
  const comparables = sector
    ? await sources.comparableDeals(db, organizationId, sector, row?.id ?? null, limit)
    : [];
  const noFilter: ResearchQuery = unfiltered(name);

  const known = new Set(metrics.map((metric) => METRIC_EQUIVALENTS[metric.field] ?? metric.field));
  const missing = Object.entries(EXPECTED_METRICS)
    .filter(([field]) => !known.has(field))
    .map(([, label]) => label);
  if (!row) missing.unshift(`a company record named ${subject.companyName}`);

  const findings: TResearchFindings = {
    status: 'pending',
    company: row ? { id: row.id, name: row.name, facts } : null,
    metrics,
    funding_announcements: rankedHits(announcements.map(announcementHit), noFilter, now, limit),
    market_signals: rankedHits(signals.map(signalHit), noFilter, now, limit),
    documents: rankedHits(documents.map(documentHit), noFilter, now, limit),
    comparable_deals: rankedHits(comparables.map(dealHit), noFilter, now, limit),
    summary: null,
    missing,
    company_updates: [],
    sources: [],
  };
  return { ...findings, sources: sourcesOf(findings) };
}

/** Every source the findings cite, once each. */
export function sourcesOf(findings: Omit<TResearchFindings, 'sources'>): TResearchSource[] {
  const all: TResearchSource[] = [
    ...(findings.company?.facts ?? []).map((fact) => fact.source),
    ...findings.metrics.map((fact) => fact.source),
    ...findings.funding_announcements.map((hit) => hit.source),
    ...findings.market_signals.map((hit) => hit.source),
    ...findings.documents.map((hit) => hit.source),
    ...findings.comparable_deals.map((hit) => hit.source),
    ...findings.company_updates.map((fact) => fact.source),
  ];
  const byKey = new Map<string, TResearchSource>();
  for (const source of all) {
    const key = `${source.kind}:${source.id}:${source.location ?? ''}`;
    if (!byKey.has(key)) byKey.set(key, source);
  }
  return [...byKey.values()];
}

/** The descriptive facts of a company record, each sourced to it. */
function companyFacts(row: CompanyProfileRow): TResearchFact[] {
  const source = companySource(row);
  const fact = (
    field: string,
    value: string | number | null | undefined,
    unit: TResearchFact['unit'] = 'text',
  ): TResearchFact[] =>
    value === null || value === undefined || value === ''
      ? []
      : [{ field, value, unit, currency: unit === 'currency' ? 'EUR' : null, period: null, source }];
  return [
    ...fact('industry', row.industry),
    ...fact('headquarters_country', row.headquarters_country),
    ...fact('stage', row.stage),
    ...fact('website', row.website),
    ...fact('last_funding_amount', numberOrNull(row.last_funding_amount), 'currency'),
    ...fact('total_funding', numberOrNull(row.total_funding), 'currency'),
    ...(row.investors.length > 0 ? fact('investors', row.investors.join(', ')) : []),
  ];
}
