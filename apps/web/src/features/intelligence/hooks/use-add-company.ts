import type { TAddCompanyFromSignalResponse } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-error.ts';
import { companyKeys } from '../../companies/index.ts';
import { fundingKeys } from '../api/funding-api.ts';

/**
 * "Add to companies" from a round or a signal: says so in a toast (or gives the server's reason)
 * and refreshes every list that shows whether the company is tracked. The answer's company_id is
 * the link the caller shows from then on. A screen with lists of its own (the dashboard's signals and
 * stats) refreshes them in `onAdded`, so this feature need not know them; elsewhere they are stale
 * anyway and load afresh when shown.
 */
export function useAddCompany(
  add: () => Promise<TAddCompanyFromSignalResponse>,
  { onAdded }: { onAdded?: () => Promise<unknown> } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: add,
    onSuccess: async (added) => {
      toast.success(`${added.company_name} added to your companies`);
      await Promise.all([
        ...[companyKeys.all, companyKeys.stats, fundingKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
        onAdded?.(),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not add the company')),
  });
}
