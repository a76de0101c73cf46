import type { TDeal } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
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
      <Alert className="m-6">
        <p>{errorMessage(query.error, 'Could not load the deal')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <div className="flex justify-center py-12 text-indigo-600">
      <Spinner label="Loading the deal" />
    </div>
  );
}
