import type {
  TFundingAnnouncement,
  TFundingAnnouncementsResponse,
  TFundingImportResult,
  TFundingStats,
} from '@atempo/contracts';
import { FUNDING_LIST_DEFAULT_DAYS, FUNDING_LIST_DEFAULT_LIMIT } from '@atempo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Spec 02 §9: the funding list reads 30 days, 50 per page. */
export const FUNDING_DAYS = FUNDING_LIST_DEFAULT_DAYS;
export const FUNDING_PAGE_SIZE = FUNDING_LIST_DEFAULT_LIMIT;

export const fetchFundingAnnouncements = (page: number, signal?: AbortSignal) =>
  api.get<TFundingAnnouncementsResponse>(
    `/intelligence/funding-announcements?days=${FUNDING_DAYS}&limit=${FUNDING_PAGE_SIZE}&page=${page}`,
    { signal },
  );

/** One round by id: where a search result for a funding round leads. */
export const fetchFundingAnnouncement = (id: string, signal?: AbortSignal) =>
  api.get<TFundingAnnouncement>(`/intelligence/funding-announcements/${encodeURIComponent(id)}`, { signal });

export const fetchFundingStats = (signal?: AbortSignal) =>
  api.get<TFundingStats>(`/intelligence/funding-announcements/stats?days=${FUNDING_DAYS}`, { signal });

export const fundingKeys = {
  all: ['funding-announcements'] as const,
  page: (page: number) => ['funding-announcements', 'list', page] as const,
  one: (id: string) => ['funding-announcements', 'one', id] as const,
  stats: ['funding-announcements', 'stats'] as const,
};

export const fundingAnnouncementsQuery = (page: number) =>
  queryOptions({
    queryKey: fundingKeys.page(page),
    queryFn: ({ signal }) => fetchFundingAnnouncements(page, signal),
  });

export const fundingAnnouncementQuery = (id: string) =>
  queryOptions({
    queryKey: fundingKeys.one(id),
    queryFn: ({ signal }) => fetchFundingAnnouncement(id, signal),
  });

export const fundingStatsQuery = () =>
  queryOptions({ queryKey: fundingKeys.stats, queryFn: ({ signal }) => fetchFundingStats(signal) });

/** One page of Live Funding Signals; the previous page stays on screen while the next loads. */
export const useFundingAnnouncements = (page: number) =>
  useQuery({ ...fundingAnnouncementsQuery(page), placeholderData: keepPreviousData });

export const useFundingStats = () => useQuery(fundingStatsQuery());

/** POST /intelligence/funding-announcements/import with the file as the multipart field 'file'. */
export function importFundingCsv(file: File): Promise<TFundingImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<TFundingImportResult>('/intelligence/funding-announcements/import', form);
}
