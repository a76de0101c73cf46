import { RESEARCH_PAGE_DEFAULT_LIMIT } from '@atempo/contracts';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useDeepResearch } from '../hooks/use-deep-research.ts';
import { ResearchFilters } from './research-filters.tsx';
import { ResearchResultCard } from './research-result-card.tsx';
import { SignalsPagination } from './signals-pagination.tsx';

/**
 * The deep research form of /intelligence (spec 02 §2, §4, §8): a question over the
 * organisation's announcements, companies, documents and signals, followed live.
 */
export function DeepResearchForm() {
  const [query, setQuery] = useState('');
  const [saveToDb, setSaveToDb] = useState(false);
  const { state, start, clearValidation, goToPage } = useDeepResearch();
  const pages = Math.ceil(state.total / RESEARCH_PAGE_DEFAULT_LIMIT);
  const running = state.phase === 'running';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start(query, saveToDb);
  };

  return (
    <Card aria-labelledby="deep-research-heading">
      <CardHeader
        title={<span id="deep-research-heading">Deep research</span>}
        description="Ask about funding rounds, companies, documents and signals, e.g. Series B fintech in the UK."
      />
      <CardBody className="space-y-4">
        <form onSubmit={submit} noValidate className="space-y-3">
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor="research-query" className="sr-only">
              Research query
            </label>
            <Input
              id="research-query"
              value={query}
              maxLength={500}
              placeholder="e.g. Series B fintech in the UK"
              aria-invalid={state.validation ? true : undefined}
              aria-describedby={state.validation ? 'research-query-error' : undefined}
              onChange={(event) => {
                setQuery(event.target.value);
                if (state.validation) clearValidation();
              }}
            />
            <Button type="submit" busy={running} disabled={running}>
              {!running && <Search aria-hidden="true" className="size-4" />}
              {running ? 'Researching...' : 'Research'}
            </Button>
          </div>
          {state.validation && (
            <p id="research-query-error" className="text-sm text-red-700">
              {state.validation}
            </p>
          )}
          <Checkbox
            label="Add the companies found to my company list"
            checked={saveToDb}
            onChange={(event) => setSaveToDb(event.target.checked)}
          />
        </form>

        {running && (
          <div>
            <div className="mb-1 flex justify-between text-xs text-slate-500">
              <span>Researching...</span>
              <span>{state.progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Research progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div className="h-full bg-indigo-500 transition-all" style={{ width: `${state.progress}%` }} />
            </div>
          </div>
        )}
        {state.result && <ResearchFilters result={state.result} />}
        {state.message && <Alert>{state.message}</Alert>}
        {state.phase === 'completed' && (
          <Alert tone="success">
            Research complete: {state.total} {state.total === 1 ? 'result' : 'results'}
            {state.result && state.result.saved_companies.length > 0
              ? `, ${state.result.saved_companies.length} new ${state.result.saved_companies.length === 1 ? 'company' : 'companies'} added to your list`
              : ''}
            .
          </Alert>
        )}
        {state.result?.summary && (
          <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
            <p>{state.result.summary.text}</p>
            {state.result.summary.note && (
              <p className="mt-2 text-xs text-slate-500">{state.result.summary.note}</p>
            )}
          </div>
        )}
        {state.results.length > 0 ? (
          <>
            <ul aria-label="Research results" className="space-y-3">
              {state.results.map((hit) => (
                <ResearchResultCard key={`${hit.kind}:${hit.id}`} hit={hit} />
              ))}
            </ul>
            {state.phase === 'completed' && pages > 1 && (
              <div className="-mx-6">
                <SignalsPagination
                  label="Research results pages"
                  pagination={{
                    current_page: state.page,
                    total_pages: pages,
                    total_count: state.total,
                    has_previous: state.page > 1,
                    has_next: state.page < pages,
                  }}
                  onPage={(page) => void goToPage(page)}
                />
              </div>
            )}
          </>
        ) : (
          state.phase === 'completed' && (
            <p className="text-sm text-slate-500">No results found for the query.</p>
          )
        )}
      </CardBody>
    </Card>
  );
}
