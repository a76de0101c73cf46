import { RESEARCH_PAGE_DEFAULT_LIMIT, type TAutoResearchStatus } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** Deep research (spec 02 §7 Research). */

export const triggerResearch = (query: string, saveToDb: boolean) =>
  api.post<{ task_id: string }>('/auto-research/trigger', { query, save_to_db: saveToDb });

/** The task's status with one page of its results (the first unless `page` says otherwise). */
export const fetchResearchStatus = (
  taskId: string,
  signal?: AbortSignal,
  page = 1,
  limit = RESEARCH_PAGE_DEFAULT_LIMIT,
) =>
  api.get<TAutoResearchStatus>(
    `/auto-research/status/${encodeURIComponent(taskId)}?page=${page}&limit=${limit}`,
    { signal },
  );
