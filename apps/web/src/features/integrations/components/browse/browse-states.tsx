import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';

export function BrowseLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10 text-indigo-600">
      <Spinner label={label} />
    </div>
  );
}

export function BrowseEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
      {children}
    </p>
  );
}

export function BrowseFailure({ message }: { message: string }) {
  return <Alert>{message}</Alert>;
}

export const listClasses = 'divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200';
