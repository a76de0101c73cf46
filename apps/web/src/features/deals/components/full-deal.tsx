import type { TDeal } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { dealDetailQuery } from '../api/deals-api.ts';

/** What a table row and a board card both know: enough to title a panel while the deal loads. */
export type DealPreview = Pick<TDeal, 'id' | 'deal_number' | 'company'>;

/**
 * Renders `children` with the whole deal (GET /deals/{id}): lists carry only what they show, so
 * the panel and the score dialog read scores, red flags and the facility from here.
 */
export function FullDeal({ id, children }: { id: string; children: (deal: TDeal) => ReactNode }) {
  const query = useQuery(dealDetailQuery(id));
  if (query.data) return children(query.data);
  if (query.isError) {
    return (
      <LoadFailure
        className="m-6"
        error={query.error}
        what="the deal"
        missing="This deal does not exist: it may have been deleted, or the link may be wrong."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="flex justify-center py-12 text-indigo-600">
      <Spinner label="Loading the deal" />
    </div>
  );
}
