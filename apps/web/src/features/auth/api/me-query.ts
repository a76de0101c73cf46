import { queryOptions } from '@tanstack/react-query';
import { fetchMe } from './auth-api.ts';

export const meQueryKey = ['users', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  });
