import type { TDeal } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureText } from '../../../lib/failure-text.ts';
import { dealKeys, deleteDeal } from '../api/deals-api.ts';

/** Deletes after confirmation; a failure alerts as spec 02 §8 words it. */
export function useDeleteDeal({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deal: Pick<TDeal, 'id' | 'deal_number' | 'company'>) => deleteDeal(deal.id),
    onSuccess: async (_result, deal) => {
      toast.success(`Deal #${deal.deal_number} (${deal.company}) was deleted`);
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
    onError: (error) => {
      window.alert(`Failed to delete deal: ${failureText(error)}`);
    },
    onSettled: () => onSettled?.(),
  });
}
