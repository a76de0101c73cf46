import { RefreshCw, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLinkedId } from '../../search/index.ts';
import { useKnowledgeDocuments } from '../hooks/use-knowledge-documents.ts';
import { HUB_FILTERS, type HubFilter, hubCounters, matchesFilter } from '../lib/hub-documents.ts';
import { HubDocumentCard } from './hub-document-card.tsx';
import { KnowledgeCounters } from './knowledge-counters.tsx';
import { LinkedDocument } from './linked-document.tsx';

/** Spec 02 §9: the knowledge search waits 1000 ms after the last keystroke. */
export const KNOWLEDGE_SEARCH_DEBOUNCE_MS = 1000;

/** Spec 02 Knowledge Hub (/knowledge); a search result for a document (`?document={id}`) opens it first. */
export function KnowledgeHubPage() {
  const linked = useLinkedId('document');
  const searchId = useId();
  const filterId = useId();
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<HubFilter>('all');
  const query = useDebouncedValue(typed, KNOWLEDGE_SEARCH_DEBOUNCE_MS);
  const hub = useKnowledgeDocuments(query);
  const shown = hub.documents.filter((document) => matchesFilter(document, filter));
  const narrowed = query.trim().length > 0 || filter !== 'all';

  return (
    <>
      <PageHeader
        title="Knowledge Hub"
        description="AI-powered document intelligence"
        actions={
          <Button variant="secondary" onClick={hub.refresh} busy={hub.isRefreshing}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </Button>
        }
      />

      <Card className="mb-6 px-5 py-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="min-w-64 flex-1 space-y-1.5">
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
              Search documents
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              />
              <Input
                id={searchId}
                type="search"
                className="pl-9"
                placeholder="Search documents, companies, or authors..."
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
          </div>
          <div className="w-56 space-y-1.5">
            <label htmlFor={filterId} className="block text-sm font-medium text-slate-700">
              Show
            </label>
            <Select
              id={filterId}
              value={filter}
              onChange={(event) => setFilter(event.target.value as HubFilter)}
            >
              {HUB_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          {hub.isSearching && (
            <span className="pb-2.5 text-indigo-600">
              <Spinner size="sm" label="Searching" />
            </span>
          )}
        </div>
      </Card>

      {hub.listSource === 'sample' && (
        <Alert tone="info" className="mb-4">
          Your documents could not be loaded, so a built-in sample is shown in their place. Try Refresh.
        </Alert>
      )}
      {hub.searchFailed && (
        <Alert tone="info" className="mb-4">
          Search is unavailable right now: showing the loaded documents whose name, author or company contains
          “{query.trim()}”.
        </Alert>
      )}

      <KnowledgeCounters counters={hubCounters(hub.documents)} />

      {linked.id && <LinkedDocument key={linked.id} id={linked.id} onDismiss={linked.dismiss} />}

      {hub.isLoading ? (
        <div className="flex items-center justify-center gap-2 py-16 text-indigo-600">
          <Spinner label="Loading documents" />
          <span className="text-sm text-slate-500">Loading...</span>
        </div>
      ) : shown.length === 0 ? (
        <Card className="px-6 py-14 text-center">
          <p className="text-sm font-medium text-slate-900">No documents found</p>
          <p className="mt-1 text-sm text-slate-500">
            {narrowed
              ? 'Try adjusting your search or filter criteria.'
              : 'Upload documents via SharePoint integration to see them here.'}
          </p>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((document) => (
            <HubDocumentCard key={document.id} document={document} />
          ))}
        </div>
      )}
    </>
  );
}
