import type { TWorkflowStatus } from '@atempo/contracts';
import { api } from '../api.ts';

/**
 * GET /agents/workflows/{id}/status: where a background workflow (document processing, company
 * discovery, an IC email) has got to; completed and failed are final (spec 01 §3).
 */
export const fetchWorkflowStatus = (executionId: string, signal?: AbortSignal) =>
  api.get<TWorkflowStatus>(`/agents/workflows/${encodeURIComponent(executionId)}/status`, { signal });
