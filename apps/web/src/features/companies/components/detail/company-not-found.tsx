import { ArrowLeft, SearchX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';

/** Shown for an id that does not exist (or belongs to another organisation). */
export function CompanyNotFound() {
  const navigate = useNavigate();
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100">
        <SearchX aria-hidden="true" className="size-6 text-slate-500" />
      </span>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">Company not found</h1>
      <p className="mt-1 max-w-sm text-sm text-slate-500">
        It may have been deleted, or the link may be wrong.
      </p>
      <Button className="mt-6" onClick={() => navigate('/companies')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Companies
      </Button>
    </Card>
  );
}
