import type {
  TFundingAnnouncement,
  TFundingAnnouncementsResponse,
  TFundingImportPreview,
  TFundingImportResult,
  TFundingStats,
} from '@atempo/contracts';
import { FUNDING_LIST_DEFAULT_DAYS, FUNDING_LIST_DEFAULT_LIMIT } from '@atempo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Spec 02 §9: the funding list reads 30 days, 50 per page. */
export const FUNDING_DAYS = FUNDING_LIST_DEFAULT_DAYS;
export const FUNDING_PAGE_SIZE = FUNDING_LIST_DEFAULT_LIMIT;

/** A browsed period of announcement dates (YYYY-MM-DD, both days included; either end may be open). */
export interface FundingPeriod {
  from: string;
  to: string;
}

/** The period's query: the dates given, else the default last 30 days. */
const periodQuery = (period: FundingPeriod | null) => {
  if (!period || (!period.from && !period.to)) return `days=${FUNDING_DAYS}`;
  const parts = [period.from && `from=${period.from}`, period.to && `to=${period.to}`].filter(Boolean);
  return parts.join('&');
};

export const fetchFundingAnnouncements = (
  page: number,
  signal?: AbortSignal,
  period: FundingPeriod | null = null,
) =>
  api.get<TFundingAnnouncementsResponse>(
    `/intelligence/funding-announcements?${periodQuery(period)}&limit=${FUNDING_PAGE_SIZE}&page=${page}`,
    { signal },
  );

/** One round by id: where a search result for a funding round leads. */
export const fetchFundingAnnouncement = (id: string, signal?: AbortSignal) =>
  api.get<TFundingAnnouncement>(`/intelligence/funding-announcements/${encodeURIComponent(id)}`, { signal });

export const fetchFundingStats = (signal?: AbortSignal, period: FundingPeriod | null = null) =>
  api.get<TFundingStats>(`/intelligence/funding-announcements/stats?${periodQuery(period)}`, { signal });

export const fundingKeys = {
  all: ['funding-announcements'] as const,
  page: (page: number, period: FundingPeriod | null = null) =>
    period
      ? (['funding-announcements', 'list', page, period.from, period.to] as const)
      : (['funding-announcements', 'list', page] as const),
  one: (id: string) => ['funding-announcements', 'one', id] as const,
  stats: ['funding-announcements', 'stats'] as const,
  statsOf: (period: FundingPeriod | null) =>
    period ? (['funding-announcements', 'stats', period.from, period.to] as const) : fundingKeys.stats,
};

export const fundingAnnouncementsQuery = (page: number, period: FundingPeriod | null = null) =>
  queryOptions({
    queryKey: fundingKeys.page(page, period),
    queryFn: ({ signal }) => fetchFundingAnnouncements(page, signal, period),
  });

export const fundingAnnouncementQuery = (id: string) =>
  queryOptions({
    queryKey: fundingKeys.one(id),
    queryFn: ({ signal }) => fetchFundingAnnouncement(id, signal),
  });

export const fundingStatsQuery = (period: FundingPeriod | null = null) =>
  queryOptions({
    queryKey: fundingKeys.statsOf(period),
    queryFn: ({ signal }) => fetchFundingStats(signal, period),
  });

/** One page of Live Funding Signals; the previous page stays on screen while the next loads. */
export const useFundingAnnouncements = (page: number, period: FundingPeriod | null = null) =>
  useQuery({ ...fundingAnnouncementsQuery(page, period), placeholderData: keepPreviousData });

export const useFundingStats = (period: FundingPeriod | null = null) =>
  useQuery({ ...fundingStatsQuery(period), placeholderData: keepPreviousData });

/** POST /intelligence/funding-announcements/import with the file as the multipart field 'file'. */
export function importFundingCsv(file: File): Promise<TFundingImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<TFundingImportResult>('/intelligence/funding-announcements/import', form);
}

/** POST /intelligence/funding-announcements/import/preview: what the import would do, nothing written. */
export function previewFundingCsv(file: File): Promise<TFundingImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<TFundingImportPreview>('/intelligence/funding-announcements/import/preview', form);
}
