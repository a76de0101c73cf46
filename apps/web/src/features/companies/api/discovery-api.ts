import { api } from '../../../lib/api.ts';

/** Company discovery from the Companies page: spec 02 §7, depth comprehensive, priority high, max_companies 20, save_to_db true. */
export const DISCOVERY_REQUEST = {
  research_depth: 'comprehensive',
  priority: 'high',
  max_companies: 20,
  save_to_db: true,
} as const;

export const startCompanyDiscovery = () =>
  api.post<{ execution_id?: string | null }>('/agents/research/company-discovery', DISCOVERY_REQUEST);
