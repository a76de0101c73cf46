import type { TCreateDealInput, TDeal } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** POST /deals for an existing company (the create-deal-for-company dialog). */
export const createDealForCompany = (body: TCreateDealInput) => api.post<TDeal>('/deals', body);

/** The deals screen's cache, refreshed when a deal is created from here. */
export const dealsKey = ['deals'] as const;
