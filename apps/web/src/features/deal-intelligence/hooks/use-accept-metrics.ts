import type { TAcceptMetricsResponse, TKeyMetricName } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptDocumentMetrics } from '../../documents/api/documents-api.ts';
import { dealIntelligenceKeys } from '../api/deal-intelligence-api.ts';

/**
 * Accepts the chosen figures onto the deal, one call per document they came from, and merges the
 * answers. The deal is re-scored by the server, so every cached copy of it is reloaded.
 */
export function useAcceptMetrics(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requests: { documentId: string; metrics: TKeyMetricName[] }[]) => {
      const merged: TAcceptMetricsResponse = { accepted: [], skipped: [] };
      for (const request of requests) {
        const answer = await acceptDocumentMetrics(request.documentId, request.metrics);
        merged.accepted.push(...answer.accepted);
        merged.skipped.push(...answer.skipped);
      }
      return merged;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['deals'] });
      void queryClient.invalidateQueries({ queryKey: dealIntelligenceKeys.all(dealId) });
    },
  });
}
