import type { TDealIntelligence, TKeyMetricName } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptDocumentMetrics } from '../../documents/index.ts';
import { dealIntelligenceKeys } from '../api/deal-intelligence-api.ts';
import { acceptRequests, mergeResults } from '../lib/accept-preview.ts';

type KeyMetrics = TDealIntelligence['document_intelligence']['key_metrics'];

async function acceptAll(
  requests: ReturnType<typeof acceptRequests>,
  dryRun: boolean,
  confirmOtherCompany = false,
) {
  const results = [];
  for (const request of requests) {
    results.push(
      await acceptDocumentMetrics(request.documentId, request.metrics, dryRun, confirmOtherCompany),
    );
  }
  return mergeResults(results);
}

/** What accepting every figure would do (the server's dry run: it writes nothing). */
export function useAcceptPreview(dealId: string, keyMetrics: KeyMetrics, enabled: boolean) {
  const names = Object.keys(keyMetrics) as TKeyMetricName[];
  return useQuery({
    queryKey: [...dealIntelligenceKeys.all(dealId), 'accept-preview', keyMetrics],
    queryFn: () => acceptAll(acceptRequests(keyMetrics, names), true),
    enabled: enabled && names.length > 0,
    // The deal may change between two openings: ask again each time.
    gcTime: 0,
    staleTime: 0,
  });
}

/**
 * Accepts the chosen figures onto the deal, one call per document they came from. The deal is
 * re-scored by the server, so every cached copy of it is reloaded.
 */
export function useAcceptMetrics(dealId: string, keyMetrics: KeyMetrics) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      names,
      confirmOtherCompany,
    }: {
      names: Iterable<TKeyMetricName>;
      confirmOtherCompany: boolean;
    }) => acceptAll(acceptRequests(keyMetrics, names), false, confirmOtherCompany),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['deals'] });
      void queryClient.invalidateQueries({ queryKey: dealIntelligenceKeys.all(dealId) });
    },
  });
}
