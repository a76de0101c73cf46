import { useQuery } from '@tanstack/react-query';
import { fetchRecentDocuments } from '../../documents/index.ts';
import { knowledgeKeys, searchDocuments } from '../api/knowledge-api.ts';
import {
  fromListItem,
  fromSearchResult,
  type HubDocument,
  matchesLocally,
  SAMPLE_DOCUMENT,
} from '../lib/hub-documents.ts';

export type HubListSource = 'recent' | 'search' | 'sample';

/**
 * The Hub's list (spec 02 §7, §8): the recent documents; if that call fails, the search's list;
 * if both fail, the one built-in sample.
 */
async function loadHubList(
  signal: AbortSignal,
): Promise<{ documents: HubDocument[]; source: HubListSource }> {
  try {
    const recent = await fetchRecentDocuments(undefined, signal);
    return { documents: recent.documents.map(fromListItem), source: 'recent' };
  } catch (error) {
    if (signal.aborted) throw error;
  }
  try {
    const found = await searchDocuments('', signal);
    return { documents: found.results.map((result) => fromSearchResult(result, false)), source: 'search' };
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return { documents: [SAMPLE_DOCUMENT], source: 'sample' };
}

export interface KnowledgeDocuments {
  documents: HubDocument[];
  isLoading: boolean;
  /** A search is on its way; meanwhile the loaded list is filtered locally. */
  isSearching: boolean;
  listSource: HubListSource | null;
  /** True while a search is typed but its answer is unavailable, so the list is filtered locally. */
  searchFailed: boolean;
  isSearch: boolean;
  refresh: () => void;
  isRefreshing: boolean;
}

/** What the Hub shows for the (already debounced) search text. */
export function useKnowledgeDocuments(query: string): KnowledgeDocuments {
  const trimmed = query.trim();
  const list = useQuery({
    queryKey: knowledgeKeys.hubList(),
    queryFn: ({ signal }) => loadHubList(signal),
  });
  const search = useQuery({
    queryKey: knowledgeKeys.search(trimmed),
    queryFn: ({ signal }) => searchDocuments(trimmed, signal),
    enabled: trimmed.length > 0,
    // The local filter is the fallback: show it at once rather than after three retries.
    retry: false,
  });

  const base = list.data?.documents ?? [];
  let documents = base;
  let searchFailed = false;
  if (trimmed) {
    if (search.data) documents = search.data.results.map((result) => fromSearchResult(result, true));
    else {
      searchFailed = search.isError;
      documents = base.filter((document) => matchesLocally(document, trimmed));
    }
  }
  return {
    documents,
    isLoading: list.isPending,
    isSearching: trimmed.length > 0 && search.isFetching,
    listSource: list.data?.source ?? null,
    searchFailed,
    isSearch: trimmed.length > 0 && Boolean(search.data),
    refresh: () => {
      void list.refetch();
      if (trimmed) void search.refetch();
    },
    isRefreshing: list.isFetching || search.isFetching,
  };
}
