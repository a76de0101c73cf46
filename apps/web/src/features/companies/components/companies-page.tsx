import type { TCompanyListItem, TCompanySort, TMonitoringPriority } from '@atempo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Download, Plus, Sparkles, Upload } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { saveFile } from '../../../lib/download/save-file.ts';
import { failureMessage } from '../../../lib/failure-text.ts';
import {
  COMPANY_PAGE_SIZE,
  type CompanyListParams,
  companyKeys,
  companyListQuery,
  DEFAULT_COMPANY_SORT,
  deleteCompany,
  scoreAllCompanies,
} from '../api/companies-api.ts';
import { exportCompaniesCsv } from '../api/csv-api.ts';
import { useUrlSearch } from '../hooks/use-url-search.ts';
import { AddCompanyDialog } from './add-company-dialog.tsx';
import { CompaniesTable } from './companies-table.tsx';
import { CompaniesToolbar } from './companies-toolbar.tsx';
import { CompanyStatsCards } from './company-stats-cards.tsx';
import { CreateDealDialog } from './create-deal-dialog.tsx';
import { DiscoverCompaniesButton } from './discover-companies-button.tsx';
import { ImportCompaniesDialog } from './import-companies-dialog.tsx';
import { ScoringRunProgress } from './scoring-run-progress.tsx';

/** While companies wait for their score (or a re-score runs), the list refreshes this often. */
const SCORING_POLL_MS = 5_000;
const RESCORE_WATCH_MS = 60_000;

export function CompaniesPage() {
  const queryClient = useQueryClient();
  const { input, setInput, search } = useUrlSearch();
  const [priority, setPriority] = useState<TMonitoringPriority | ''>('');
  const [sort, setSort] = useState<TCompanySort>(DEFAULT_COMPANY_SORT);
  const [offset, setOffset] = useState(0);
  const [rescoringUntil, setRescoringUntil] = useState(0);
  const [scoringRunId, setScoringRunId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [dealFor, setDealFor] = useState<TCompanyListItem | null>(null);
  const [deleting, setDeleting] = useState<TCompanyListItem | null>(null);

  const params: CompanyListParams = { search, priority, sort, limit: COMPANY_PAGE_SIZE, offset };
  const list = useQuery({
    ...companyListQuery(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const waiting = query.state.data?.companies.some((company) => company.thematic_score === null);
      return waiting || Date.now() < rescoringUntil ? SCORING_POLL_MS : false;
    },
  });

  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      queryClient.invalidateQueries({ queryKey: companyKeys.stats }),
    ]);

  const scoreAll = useMutation({
    mutationFn: scoreAllCompanies,
    onSuccess: async (result) => {
      toast.success(
        `Scoring ${result.total_companies} ${result.total_companies === 1 ? 'company' : 'companies'} in the background`,
      );
      setRescoringUntil(Date.now() + RESCORE_WATCH_MS);
      setScoringRunId(result.job_id);
      await refreshAll();
    },
    onError: (error) => toast.error(failureMessage('score companies', error)),
  });

  // When the run ends: the lists and stats show its scores, and the list stops polling.
  const scoringFinished = useCallback(() => {
    setRescoringUntil(0);
    void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    void queryClient.invalidateQueries({ queryKey: companyKeys.stats });
  }, [queryClient]);

  const exportCsv = useMutation({
    mutationFn: () => exportCompaniesCsv(),
    onSuccess: saveFile,
    onError: (error) => toast.error(failureMessage('export companies', error)),
  });

  const remove = useMutation({
    mutationFn: (company: TCompanyListItem) => deleteCompany(company.id),
    onSuccess: async (_result, company) => {
      setDeleting(null);
      toast.success(`${company.name} deleted`);
      await refreshAll();
    },
    onError: (error) => {
      setDeleting(null);
      toast.error(failureMessage('delete company', error));
    },
  });

  // A new filter starts from the first page.
  const resetting =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOffset(0);
    };

  const data = list.data;
  const filtered = Boolean(search || priority);

  return (
    <>
      <PageHeader
        title="Companies"
        description="Companies you follow, scored against your investment thesis."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" className="size-4" />
              Import
            </Button>
            <Button variant="secondary" busy={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
              {!exportCsv.isPending && <Download aria-hidden="true" className="size-4" />}
              Export
            </Button>
            <DiscoverCompaniesButton />
            <Button variant="secondary" busy={scoreAll.isPending} onClick={() => scoreAll.mutate()}>
              {!scoreAll.isPending && <Sparkles aria-hidden="true" className="size-4" />}
              Score all
            </Button>
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add company
            </Button>
          </div>
        }
      />
      <div className="space-y-6">
        {scoringRunId && <ScoringRunProgress runId={scoringRunId} onFinished={scoringFinished} />}
        <CompanyStatsCards />
        <Card>
          <CompaniesToolbar
            search={input}
            onSearchChange={(value) => {
              setInput(value);
              setOffset(0);
            }}
            priority={priority}
            onPriorityChange={resetting(setPriority)}
            sort={sort}
            onSortChange={resetting(setSort)}
          />
          {list.isPending ? (
            <div className="flex justify-center py-16 text-indigo-600">
              <Spinner label="Loading companies" />
            </div>
          ) : list.isError ? (
            <div className="p-4">
              <Alert>
                <p>{errorMessage(list.error, 'Could not load the companies')}</p>
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
                  Try again
                </Button>
              </Alert>
            </div>
          ) : data && data.companies.length > 0 ? (
            <>
              <CompaniesTable companies={data.companies} onCreateDeal={setDealFor} onDelete={setDeleting} />
              <ListFooter
                total={data.total}
                offset={data.offset}
                shown={data.companies.length}
                limit={COMPANY_PAGE_SIZE}
                onOffsetChange={setOffset}
              />
            </>
          ) : (
            <EmptyState filtered={filtered} onAdd={() => setAdding(true)} />
          )}
        </Card>
      </div>
      <AddCompanyDialog open={adding} onOpenChange={setAdding} />
      <ImportCompaniesDialog open={importing} onOpenChange={setImporting} />
      <CreateDealDialog
        company={dealFor}
        onOpenChange={(open) => {
          if (!open) setDealFor(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.name ?? 'company'}?`}
        description="The company, its scores and its watchlist entry are removed. This cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
    </>
  );
}

function ListFooter({
  total,
  offset,
  shown,
  limit,
  onOffsetChange,
}: {
  total: number;
  offset: number;
  shown: number;
  limit: number;
  onOffsetChange: (offset: number) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
      <p>
        {total > shown
          ? `Showing ${offset + 1}–${offset + shown} of ${total} companies`
          : `${total} ${total === 1 ? 'company' : 'companies'}`}
      </p>
      {total > limit && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => onOffsetChange(Math.max(0, offset - limit))}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset + shown >= total}
            onClick={() => onOffsetChange(offset + limit)}
          >
            Next
          </Button>
        </div>
      )}
    </div>
  );
}

function EmptyState({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100">
        <Building2 aria-hidden="true" className="size-6 text-slate-500" />
      </span>
      {filtered ? (
        <>
          <p className="mt-4 text-sm font-medium text-slate-900">No companies match</p>
          <p className="mt-1 text-sm text-slate-500">Try another name or priority.</p>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm font-medium text-slate-900">No companies yet</p>
          <p className="mt-1 max-w-sm text-sm text-slate-500">
            Add a company or import a CSV file; each is scored against your investment thesis.
          </p>
          <Button className="mt-4" onClick={onAdd}>
            <Plus aria-hidden="true" className="size-4" />
            Add company
          </Button>
        </>
      )}
    </div>
  );
}
