import type { TDashboardCharts, TDashboardStats, TMarketSignal } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Spec 01 §9: market signals refresh every 300000 ms. */
export const SIGNALS_REFRESH_MS = 300_000;
/** How many of the latest signals the card reads (the urgent ones are picked from these). */
export const DASHBOARD_SIGNALS_LIMIT = 20;

/** GET /signals/ (spec 01 §7): the latest signals, newest first, paged as {signals, total, limit, offset}. */
export interface MarketSignalList {
  signals: TMarketSignal[];
  total: number;
  limit: number;
  offset: number;
}

export const fetchDashboardStats = (signal?: AbortSignal) =>
  api.get<TDashboardStats>('/intelligence/dashboard/stats', { signal });

export const fetchDashboardCharts = (signal?: AbortSignal) =>
  api.get<TDashboardCharts>('/intelligence/dashboard/charts', { signal });

export const fetchMarketSignals = (signal?: AbortSignal) =>
  api.get<MarketSignalList>(`/signals/?limit=${DASHBOARD_SIGNALS_LIMIT}`, { signal });

export const dashboardKeys = {
  stats: ['dashboard', 'stats'] as const,
  charts: ['dashboard', 'charts'] as const,
  signals: ['signals', 'dashboard'] as const,
};

export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.stats, queryFn: ({ signal }) => fetchDashboardStats(signal) });

export const dashboardChartsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.charts, queryFn: ({ signal }) => fetchDashboardCharts(signal) });

export const marketSignalsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.signals,
    queryFn: ({ signal }) => fetchMarketSignals(signal),
    refetchInterval: SIGNALS_REFRESH_MS,
  });
