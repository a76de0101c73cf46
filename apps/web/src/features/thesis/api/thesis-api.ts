import type { TInvestmentThesis, TInvestmentThesisInput, TThesisResponse } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const PATH = '/configuration/thesis';

export const fetchThesis = (signal?: AbortSignal) => api.get<TThesisResponse>(PATH, { signal });

/** Saves the whole configuration; the server then re-scores every deal and company in the background. */
export const saveThesis = (thesis: TInvestmentThesisInput) =>
  api.request<TThesisResponse>(PATH, { method: 'PUT', body: thesis });

export const thesisKey = ['configuration', 'thesis'] as const;

export const thesisQuery = () =>
  queryOptions({
    queryKey: thesisKey,
    queryFn: async ({ signal }): Promise<TInvestmentThesis> => (await fetchThesis(signal)).data,
  });
