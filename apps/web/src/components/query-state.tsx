import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from './load-failure.tsx';
import { Spinner } from './ui/spinner.tsx';

/** Loading and error states of a screen's main query; renders `children` with the data. */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16 text-indigo-600">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadFailure
        error={query.error}
        what={what}
        missing={`Not found: ${what} may have been deleted, or the link may be wrong.`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}
