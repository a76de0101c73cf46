import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
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
      <Alert>
        <p>{errorMessage(query.error, `Could not load ${what}`)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
