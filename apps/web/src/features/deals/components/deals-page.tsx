import type { TDealListItem, TDealSort } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileUp, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type DealListParams, dealBoardQuery, dealListQuery } from '../api/deals-api.ts';
import { useDeleteDeal } from '../hooks/use-delete-deal.ts';
import { useUpdateDeal } from '../hooks/use-update-deal.ts';
import { useViewMode } from '../hooks/use-view-mode.ts';
import { type DealFilterInput, EMPTY_FILTERS, hasActiveFilters, parseFilters } from '../lib/deal-filters.ts';
import { DealFiltersPanel } from './deal-filters-panel.tsx';
import { DealScoreDialog, type ScoreTab } from './deal-score-dialog.tsx';
import { DealSidePanel } from './deal-side-panel.tsx';
import { DealsBoard } from './deals-board.tsx';
import { DealsPageUpload } from './deals-page-upload.tsx';
import { DealsTable } from './deals-table.tsx';
import { ExportDealsButton } from './export-deals-button.tsx';
import type { DealPreview } from './full-deal.tsx';
import { ImportDealsDialog } from './import-deals-dialog.tsx';
import { NewDealDialog } from './new-deal-dialog.tsx';
import { TablePager } from './table-pager.tsx';
import { ViewSwitch } from './view-switch.tsx';

export const TABLE_PAGE_SIZE = 50;
/** The board shows the whole pipeline at once, up to the list's maximum page. */
export const BOARD_LIMIT = 1000;
const FILTER_DEBOUNCE_MS = 300;
const UPLOAD_TOGGLE_ID = 'deals-upload-toggle';

/** Spec 02 Deals Pipeline (/deals). */
export function DealsPage() {
  const [view, setView] = useViewMode();
  const [filterInput, setFilterInput] = useState<DealFilterInput>(EMPTY_FILTERS);
  const [sort, setSort] = useState<TDealSort>('-created_at');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<DealPreview | null>(null);
  const [scoreDialog, setScoreDialog] = useState<{ deal: DealPreview; tab: ScoreTab } | null>(null);
  const [deleting, setDeleting] = useState<TDealListItem | null>(null);
  const [newDealOpen, setNewDealOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  // Once opened, the upload panel stays mounted while closed so files keep being analysed.
  const [uploadUsed, setUploadUsed] = useState(false);

  const typed = parseFilters(filterInput);
  const sent = parseFilters(useDebouncedValue(filterInput, FILTER_DEBOUNCE_MS)).params;
  // The table pages through table rows; the board asks for its own light cards.
  const tableQuery = useQuery({
    ...dealListQuery({ ...sent, sort, limit: TABLE_PAGE_SIZE, offset }),
    enabled: view === 'table',
  });
  const boardQuery = useQuery({
    ...dealBoardQuery({ ...sent, sort: '-thematic_score', limit: BOARD_LIMIT } satisfies DealListParams),
    enabled: view === 'board',
  });
  const list = view === 'table' ? tableQuery : boardQuery;
  const rows = tableQuery.data?.deals ?? [];
  const cards = boardQuery.data?.deals ?? [];
  const shown = view === 'table' ? rows.length : cards.length;

  const update = useUpdateDeal();
  const remove = useDeleteDeal({ onSettled: () => setDeleting(null) });

  const openScore = (deal: DealPreview, tab: ScoreTab = 'thematic') => setScoreDialog({ deal, tab });

  return (
    <>
      <PageHeader
        title="Deals Pipeline"
        description="Every deal from lead to close, scored against your thesis and checked for red flags."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              <Upload aria-hidden="true" className="size-4" />
              Import
            </Button>
            <ExportDealsButton />
            <Button
              id={UPLOAD_TOGGLE_ID}
              variant="secondary"
              aria-expanded={uploadOpen}
              onClick={() => {
                setUploadUsed(true);
                setUploadOpen((open) => !open);
              }}
            >
              <FileUp aria-hidden="true" className="size-4" />
              Upload documents
            </Button>
            <Button onClick={() => setNewDealOpen(true)}>
              <Plus aria-hidden="true" className="size-4" />
              New Deal
            </Button>
          </div>
        }
      />

      {uploadUsed && (
        <div hidden={!uploadOpen}>
          <DealsPageUpload
            onClose={() => {
              setUploadOpen(false);
              document.getElementById(UPLOAD_TOGGLE_ID)?.focus();
            }}
          />
        </div>
      )}

      <Card className="mb-4 px-5 py-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <DealFiltersPanel
            value={filterInput}
            errors={typed.errors}
            onChange={(next) => {
              setFilterInput(next);
              setOffset(0);
            }}
          />
          <ViewSwitch view={view} onChange={setView} />
        </div>
      </Card>

      {list.isPending ? (
        <div className="flex justify-center py-16 text-indigo-600">
          <Spinner label="Loading deals" />
        </div>
      ) : list.isError ? (
        <Alert>
          <p>{errorMessage(list.error, 'Could not load the deals')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : shown === 0 && (view === 'board' || offset === 0) ? (
        <Card className="px-6 py-14 text-center">
          <p className="text-sm font-medium text-slate-900">
            {hasActiveFilters(filterInput) ? 'No deals match these filters.' : 'No deals yet.'}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            {hasActiveFilters(filterInput)
              ? 'Widen the score range or clear the search.'
              : 'Create your first deal, or import your pipeline from a CSV file.'}
          </p>
        </Card>
      ) : view === 'table' ? (
        <Card className="overflow-hidden">
          <DealsTable
            deals={rows}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setOffset(0);
            }}
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            onOpenScore={openScore}
            onChange={(change) => update.mutate(change)}
            onDelete={setDeleting}
          />
          <TablePager
            offset={offset}
            shown={rows.length}
            total={tableQuery.data?.total ?? 0}
            pageSize={TABLE_PAGE_SIZE}
            onOffsetChange={setOffset}
          />
        </Card>
      ) : (
        <>
          {list.data.total > cards.length && (
            <p className="mb-2 text-sm text-slate-500">
              Showing the {cards.length} best-scored of {list.data.total} deals; filter to narrow the board.
            </p>
          )}
          <DealsBoard
            deals={cards}
            onMove={(deal, stage) => update.mutate({ deal, change: { stage } })}
            onSelect={setSelected}
            onOpenScore={(deal) => openScore(deal)}
          />
        </>
      )}

      <DealSidePanel
        deal={selected}
        onClose={() => setSelected(null)}
        onOpenScore={(deal) => openScore(deal)}
      />
      <DealScoreDialog
        deal={scoreDialog?.deal ?? null}
        tab={scoreDialog?.tab ?? 'thematic'}
        onTabChange={(tab) => setScoreDialog((current) => (current ? { ...current, tab } : current))}
        onClose={() => setScoreDialog(null)}
      />
      <NewDealDialog open={newDealOpen} onOpenChange={setNewDealOpen} />
      <ImportDealsDialog open={importOpen} onOpenChange={setImportOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={deleting ? `Delete deal #${deleting.deal_number}?` : ''}
        description={
          deleting
            ? `${deleting.company}'s deal and its scores will be removed from the pipeline. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete deal"
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
    </>
  );
}
