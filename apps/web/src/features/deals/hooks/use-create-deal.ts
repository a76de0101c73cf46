import type { TCreateDealInput, TDeal } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDeal, dealKeys } from '../api/deals-api.ts';

/**
 * Creates a deal, whichever screen asks: POST /deals, then the deals cache (lists, boards and
 * details under one key) is refreshed. The caller announces success and failure in its words.
 */
export function useCreateDeal({
  onCreated,
  onFailed,
}: {
  onCreated?: (deal: TDeal) => void;
  onFailed?: (error: unknown) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDealInput) => createDeal(body),
    onSuccess: async (deal) => {
      onCreated?.(deal);
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
    onError: (error) => onFailed?.(error),
  });
}
