import type { TCreateDealInput } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { createDeal, dealKeys } from '../api/deals-api.ts';
import { failureText } from '../lib/failure-text.ts';

/** Creates a deal; a failure alerts as spec 02 §8 words it. */
export function useCreateDeal({ onCreated }: { onCreated?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDealInput) => createDeal(body),
    onSuccess: async (deal) => {
      toast.success(`Deal #${deal.deal_number} for ${deal.company} was created`);
      onCreated?.();
      await queryClient.invalidateQueries({ queryKey: dealKeys.all });
    },
    onError: (error) => {
      window.alert(`Failed to create deal: ${failureText(error)}`);
    },
  });
}
