import type { TDeal, TDealListResponse, TUpdateDealRequest } from '@atempo/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { dealKeys, updateDeal } from '../api/deals-api.ts';
import { failureText } from '../lib/failure-text.ts';

export interface DealChange {
  deal: TDeal;
  /** Exactly one changed field (spec 02 §4). */
  change: TUpdateDealRequest;
}

function replaceInLists(queryClient: QueryClient, id: string, update: (deal: TDeal) => TDeal) {
  queryClient.setQueriesData<TDealListResponse>({ queryKey: dealKeys.lists() }, (list) =>
    list ? { ...list, deals: list.deals.map((deal) => (deal.id === id ? update(deal) : deal)) } : list,
  );
}

/**
 * Inline edits and board moves: every cached list shows the change first, then the single field
 * is saved. The server's answer (re-scored) replaces the row; on failure the lists are reloaded
 * from the server, the error is logged and a toast says so.
 */
export function useUpdateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deal, change }: DealChange) => updateDeal(deal.id, change),
    onMutate: async ({ deal, change }) => {
      // A refresh in flight would otherwise paint the old value over the optimistic one.
      await queryClient.cancelQueries({ queryKey: dealKeys.lists() });
      replaceInLists(queryClient, deal.id, (current) => ({ ...current, ...change }) as TDeal);
    },
    onSuccess: (saved) => replaceInLists(queryClient, saved.id, () => saved),
    onError: async (error, { deal }) => {
      console.error(`Failed to update deal ${deal.id}`, error);
      toast.error(`Could not save the change to ${deal.company}: ${failureText(error)}`);
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
}
