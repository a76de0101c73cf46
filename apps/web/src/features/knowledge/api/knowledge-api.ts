import type { TKnowledgeSearchRequest, TKnowledgeSearchResponse } from '@atempo/contracts';
import { KNOWLEDGE_SEARCH_DEFAULT_LIMIT } from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** POST /knowledge/search (spec 02 §7): the Knowledge Hub's search, and its list when the recent call fails. */
export const searchKnowledge = (body: TKnowledgeSearchRequest, signal?: AbortSignal) =>
  api.post<TKnowledgeSearchResponse>('/knowledge/search', body, { signal });

/** The Hub lists uploaded files only: emails, notes and companies have their own screens. */
export const searchDocuments = (query: string, signal?: AbortSignal) =>
  searchKnowledge({ query, limit: KNOWLEDGE_SEARCH_DEFAULT_LIMIT, doc_types: ['document'] }, signal);

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  hubList: () => ['knowledge', 'hub-list'] as const,
  search: (query: string) => ['knowledge', 'search', query] as const,
};
