import type { TAddCompanyFromSignalResponse } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** POST /signals/{id}/add-company: the company a market signal names becomes one of yours. */
export const addCompanyFromSignal = (signalId: string) =>
  api.post<TAddCompanyFromSignalResponse>(`/signals/${encodeURIComponent(signalId)}/add-company`);

/** POST /intelligence/funding-announcements/{id}/add-company: the same, from a round's card. */
export const addCompanyFromRound = (announcementId: string) =>
  api.post<TAddCompanyFromSignalResponse>(
    `/intelligence/funding-announcements/${encodeURIComponent(announcementId)}/add-company`,
  );
