import type { TAutoResearchStatus } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** Deep research (spec 02 §7 Research). */

export const triggerResearch = (query: string, saveToDb: boolean) =>
  api.post<{ task_id: string }>('/auto-research/trigger', { query, save_to_db: saveToDb });

export const fetchResearchStatus = (taskId: string, signal?: AbortSignal) =>
  api.get<TAutoResearchStatus>(`/auto-research/status/${encodeURIComponent(taskId)}`, { signal });
