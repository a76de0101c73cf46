import type { TIntegrationId } from '@atempo/contracts';
import { INTEGRATIONS_WITH_DETAIL_VIEW } from '@atempo/contracts';

/** The search parameter that names the open detail view: /integrations?view=sharepoint. */
export const VIEW_PARAM = 'view';

export function isDetailView(value: string | null): value is TIntegrationId {
  return value !== null && (INTEGRATIONS_WITH_DETAIL_VIEW as readonly string[]).includes(value);
}

export const detailViewPath = (id: TIntegrationId) => `/integrations?${VIEW_PARAM}=${id}`;
