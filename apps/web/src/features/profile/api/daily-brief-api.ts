import type { TMonitoringSubscription, TStartMonitoringResponse } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const dailyBriefKeys = { subscription: ['monitoring', 'subscription'] as const };

export const fetchDailyBriefSubscription = (signal?: AbortSignal) =>
  api.get<TMonitoringSubscription>('/monitoring/subscription', { signal });

export const dailyBriefSubscriptionQuery = () =>
  queryOptions({
    queryKey: dailyBriefKeys.subscription,
    queryFn: ({ signal }) => fetchDailyBriefSubscription(signal),
  });

/** Empty lists: the whole portfolio (the card offers no filters; the API takes them). */
export const startDailyBrief = () =>
  api.post<TStartMonitoringResponse>('/monitoring/start', { portfolio_companies: [], sectors: [] });

export const stopDailyBrief = () => api.post<TMonitoringSubscription>('/monitoring/stop', {});
