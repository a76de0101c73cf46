import type { TDeal, TDealBoardResponse, TDealListResponse, TUpdateDealRequest } from '@atempo/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureText } from '../../../lib/failure-text.ts';
import { dealKeys, updateDeal } from '../api/deals-api.ts';

/** What an edit needs to know of the deal: a table row, a board card and the full deal all have it. */
export type DealRef = Pick<TDeal, 'id' | 'company'>;

export interface DealChange {
  deal: DealRef;
  /** Exactly one changed field (spec 02 §4). */
  change: TUpdateDealRequest;
}

/** The row with the patched values of the fields it has: a projection stays a projection. */
function merged<T extends object>(row: T, patch: Partial<TDeal>): T {
  const next = { ...row } as Record<string, unknown>;
  for (const key of Object.keys(row)) {
    if (key in patch) next[key] = patch[key as keyof TDeal];
  }
  return next as T;
}

/** Every cached copy of the deal: table rows, board cards and the full deal. */
function patchCached(queryClient: QueryClient, id: string, patch: Partial<TDeal>) {
  const patchRows = <T extends TDealListResponse | TDealBoardResponse>(page: T | undefined) =>
    page ? { ...page, deals: page.deals.map((deal) => (deal.id === id ? merged(deal, patch) : deal)) } : page;
  queryClient.setQueriesData<TDealListResponse>({ queryKey: dealKeys.lists() }, patchRows);
  queryClient.setQueriesData<TDealBoardResponse>({ queryKey: dealKeys.boards() }, patchRows);
  queryClient.setQueryData<TDeal>(dealKeys.detail(id), (deal) => (deal ? merged(deal, patch) : deal));
}

/**
 * Inline edits and board moves: every cached copy shows the change first, then the single field
 * is saved. The server's answer (re-scored) replaces the values; on failure the deals are reloaded
 * from the server, the error is logged and a toast says so.
 */
export function useUpdateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deal, change }: DealChange) => updateDeal(deal.id, change),
    onMutate: async ({ deal, change }) => {
      // A refresh in flight would otherwise paint the old value over the optimistic one.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: dealKeys.lists() }),
        queryClient.cancelQueries({ queryKey: dealKeys.boards() }),
      ]);
      patchCached(queryClient, deal.id, change as Partial<TDeal>);
    },
    onSuccess: (saved) => {
      patchCached(queryClient, saved.id, saved);
      queryClient.setQueryData(dealKeys.detail(saved.id), saved);
    },
    onError: async (error, { deal }) => {
      console.error(`Failed to update deal ${deal.id}`, error);
      toast.error(`Could not save the change to ${deal.company}: ${failureText(error)}`);
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
}
