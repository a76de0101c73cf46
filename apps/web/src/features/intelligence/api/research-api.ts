import type { TAutoResearchStatus, TWorkflowStatus } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** Deep research (spec 02 §7 Research) and company discovery (Companies page). */

export const triggerResearch = (query: string, saveToDb: boolean) =>
  api.post<{ task_id: string }>('/auto-research/trigger', { query, save_to_db: saveToDb });

export const fetchResearchStatus = (taskId: string, signal?: AbortSignal) =>
  api.get<TAutoResearchStatus>(`/auto-research/status/${encodeURIComponent(taskId)}`, { signal });

/** Spec 02 §7: depth comprehensive, priority high, max_companies 20, save_to_db true. */
export const DISCOVERY_REQUEST = {
  research_depth: 'comprehensive',
  priority: 'high',
  max_companies: 20,
  save_to_db: true,
} as const;

export const startCompanyDiscovery = () =>
  api.post<{ execution_id?: string | null }>('/agents/research/company-discovery', DISCOVERY_REQUEST);

export const fetchWorkflowStatus = (executionId: string, signal?: AbortSignal) =>
  api.get<TWorkflowStatus>(`/agents/workflows/${encodeURIComponent(executionId)}/status`, { signal });
