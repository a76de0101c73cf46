import type { TCompany } from '@atempo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { COMPANY_COPY, CreateDealForm } from '../../deals/index.ts';
import { companyDetailQuery, companyKeys } from '../api/companies-api.ts';

export function CreateDealDialog({
  company,
  onOpenChange,
}: {
  /** The company to open a deal for (a list row will do: the whole company is loaded); null keeps it closed. */
  company: Pick<TCompany, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalDialog
      open={company !== null}
      onOpenChange={onOpenChange}
      title={company ? `Create deal for ${company.name}` : 'Create deal'}
      description="Sector, geography and financials start from the company's profile."
    >
      {company && <FullCompanyForm key={company.id} id={company.id} onDone={() => onOpenChange(false)} />}
    </ModalDialog>
  );
}

/** The form starts from the company's profile and metrics, which only the whole company has. */
function FullCompanyForm({ id, onDone }: { id: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const query = useQuery(companyDetailQuery(id));
  if (query.data) {
    return (
      <CreateDealForm
        copy={COMPANY_COPY}
        company={query.data}
        onCancel={onDone}
        onCreated={() => {
          onDone();
          // The company's deals card lists the new deal.
          void queryClient.invalidateQueries({ queryKey: companyKeys.detail(id) });
        }}
      />
    );
  }
  if (query.isError) {
    return <Alert>{errorMessage(query.error, 'Could not load the company')}</Alert>;
  }
  return (
    <div className="flex justify-center py-10 text-indigo-600">
      <Spinner label="Loading the company" />
    </div>
  );
}
