import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { useAddCompany } from '../hooks/use-add-company.ts';

/** The "Add to companies" action of a round or signal whose company is not tracked yet. */
export function AddToCompaniesButton({ adding }: { adding: ReturnType<typeof useAddCompany> }) {
  return (
    <Button variant="secondary" size="sm" busy={adding.isPending} onClick={() => adding.mutate()}>
      <Plus aria-hidden="true" className="size-3.5" />
      {adding.isPending ? 'Adding...' : 'Add to companies'}
    </Button>
  );
}
