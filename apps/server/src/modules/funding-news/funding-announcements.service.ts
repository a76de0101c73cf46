import type {
  TFundingAnnouncement,
  TFundingAnnouncementsQuery,
  TFundingAnnouncementsResponse,
  TFundingStats,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import { isoOf } from '../../platform/sql-rows.ts';
import { getThesis } from '../thesis/index.ts';
import type { AnnouncementRow } from './funding-announcements.repository.ts';
import * as repository from './funding-announcements.repository.ts';

const DAY_MS = 86_400_000;

/**
 * The period asked for: `from`/`to` dates (both days included) when given, else "days=30" counting
 * back from now over the announcement date.
 */
export function periodOf(query: { days: number; from?: string; to?: string }, now: Date): repository.Period {
  if (query.from || query.to)
    return {
      since: query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(0),
      until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : null,
    };
  return { since: new Date(now.getTime() - query.days * DAY_MS), until: null };
}

/** What a Live Funding Signals card shows: the fields of spec 02 §3 (no summary, no dedup key). */
export function toAnnouncement(row: repository.AnnouncementRow): TFundingAnnouncement {
  const metadata = row.extractionMetadata as Record<string, unknown>;
  return {
    id: row.id,
    company_name: row.companyName,
    company_id: row.companyId,
    amount_raised: row.amountRaised,
    currency: row.currency,
    amount_eur: row.amountEur,
    stage: row.stage,
    // stored as float4: read back to the two decimals it was computed with
    confidence_score: Math.round(row.confidenceScore * 100) / 100,
    region: row.region,
    country: row.country,
    sector: row.sector,
    source_name: row.sourceName,
    source_url: row.sourceUrl,
    sources: row.sources as TFundingAnnouncement['sources'],
    announced_at: isoOf(row.announcedAt),
    created_at: isoOf(row.createdAt),
    title: row.title,
    extraction_metadata: {
      ...metadata,
      investors: (metadata.investors as string[] | undefined) ?? (row.investors as string[]),
      lead_investor: (metadata.lead_investor as string | null | undefined) ?? null,
    },
  };
}

/** One round as its card shows it (search results link here); 404 for another organisation's. */
export async function getFundingAnnouncement(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TFundingAnnouncement> {
  const row = await repository.findAnnouncement(db, organizationId, id);
  if (!row) throw notFound('Funding round not found', 'FUNDING_ANNOUNCEMENT_NOT_FOUND');
  return toAnnouncement(row);
}

export async function listFundingAnnouncements(
  db: Database,
  organizationId: string,
  query: TFundingAnnouncementsQuery,
  now = new Date(),
): Promise<TFundingAnnouncementsResponse> {
  const period = periodOf(query, now);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    repository.listAnnouncements(db, organizationId, period, query.limit, offset),
    repository.countAnnouncements(db, organizationId, period),
  ]);
  const totalPages = Math.ceil(total / query.limit);
  return {
    announcements: rows.map(toAnnouncement),
    pagination: {
      total_pages: totalPages,
      total_count: total,
      current_page: query.page,
      has_previous: query.page > 1,
      has_next: query.page < totalPages,
    },
  };
}

export async function fundingStats(
  db: Database,
  organizationId: string,
  query: { days: number; from?: string; to?: string },
  now = new Date(),
): Promise<TFundingStats> {
  const thesis = await getThesis(db, organizationId);
  const totals = await repository.periodTotals(
    db,
    organizationId,
    periodOf(query, now),
    Object.keys(thesis.target_sectors),
  );
  return {
    days: query.days,
    total_count: totals.total,
    total_raised_eur: totals.raisedEur,
    amount_unknown_count: totals.amountUnknown,
    rumoured_count: totals.rumoured,
    thesis_sector_count: totals.thesisSector,
    high_priority_count: totals.highPriority,
  };
}

export type { AnnouncementRow };

/** The organisation's stored round, whole, for modules that act on it (signals adds its company). */
export function findAnnouncementRow(
  db: Database,
  organizationId: string,
  id: string,
): Promise<AnnouncementRow | undefined> {
  return repository.findAnnouncement(db, organizationId, id);
}

/**
 * Links the organisation's unlinked rounds of the company named `name` (the company matcher's name
 * key) to `companyId`, once the company exists; answers the linked rounds' ids.
 */
export function linkRoundsToCompany(
  db: Database,
  organizationId: string,
  name: string,
  companyId: string,
): Promise<string[]> {
  return repository.linkAnnouncementsToCompany(db, organizationId, name, companyId);
}
