import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  generateIcMaterials,
  IcAlertError,
  type IcGenerationResult,
  icMemoKeys,
} from '../api/ic-memos-api.ts';

/**
 * Prepare IC Materials (spec 02 §4): generating while the overlay shows, then the materials on
 * success or the spec's alert on failure. A second click while one runs does nothing.
 */
export function usePrepareIcMaterials(dealId: string, company: string) {
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);
  const [prepared, setPrepared] = useState<IcGenerationResult | null>(null);
  const running = useRef(false);

  const prepare = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setGenerating(true);
    try {
      const result = await generateIcMaterials(dealId, company);
      // The new version is listed among the deal's versions (and View IC materials appears).
      if (result.kind === 'memo')
        void queryClient.invalidateQueries({ queryKey: icMemoKeys.versions(dealId) });
      setPrepared(result);
    } catch (error) {
      window.alert(
        error instanceof IcAlertError ? error.message : `Failed to generate IC materials: ${String(error)}`,
      );
    } finally {
      running.current = false;
      setGenerating(false);
    }
  }, [dealId, company, queryClient]);

  return { generating, prepared, prepare, close: () => setPrepared(null) };
}
